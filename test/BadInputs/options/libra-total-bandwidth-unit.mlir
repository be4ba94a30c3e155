// A total bandwidth with a size unit.
// RUN: %check-bad-input %s tacos-translate --import-libra-network %S/../Inputs/network.yml --total-bandwidth=500GB
// EXPECT: option --total-bandwidth: unknown bandwidth unit 'GB'
// Options only.
