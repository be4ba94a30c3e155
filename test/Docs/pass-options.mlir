// The option tables of docs/Syntax.md list exactly the passes, pipelines,
// options and option values that tacos-opt has.
// RUN: tacos-opt --help > %t.help
// RUN: %python %S/check-pass-options.py %S/../../docs/Syntax.md %t.help | FileCheck %s

// CHECK: passes and pipelines, {{[0-9]+}} options documented
