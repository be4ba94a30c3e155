// The README and the pages of docs/ stand on their own: every relative link
// reaches a file of the repository (and a heading of it, for `#anchor`), and
// nothing points to a design document outside the repository.
// RUN: %python %S/check-doc-links.py %S/../../README.md %S/../../docs %S/../../bench/README.md %S/../../examples/libra/README.md | FileCheck %s

// CHECK: links checked in {{[0-9]+}} files
