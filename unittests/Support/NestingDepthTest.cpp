//===- NestingDepthTest.cpp - The nesting guard before MLIR parsing -------===//

#include "tacos/Support/NestingDepth.h"

#include "gtest/gtest.h"

#include <string>

using namespace tacos;

namespace {

std::string repeat(const std::string &s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += s;
  return out;
}

TEST(NestingDepthTest, RefusesAtTheBracketPastTheLimit) {
  std::string ok = repeat("module {\n", 1000) + repeat("}\n", 1000);
  EXPECT_FALSE(findTooDeepNesting(ok));
  std::string deep = repeat("module {\n", 5000) + repeat("}\n", 5000);
  std::optional<size_t> at = findTooDeepNesting(deep);
  ASSERT_TRUE(at);
  EXPECT_EQ(*at, 1000 * 9 + 7); // the `{` of line 1001
  EXPECT_EQ(findTooDeepNesting("{{{}}}", 2), std::optional<size_t>(2));
  EXPECT_FALSE(findTooDeepNesting("{{}}{{}}", 2));
}

TEST(NestingDepthTest, EveryBracketKindCounts) {
  EXPECT_EQ(findTooDeepNesting("{([<x>])}", 3), std::optional<size_t>(3));
  EXPECT_EQ(findTooDeepNesting("tuple<tuple<tuple<i32>>>", 2),
            std::optional<size_t>(17));
  EXPECT_EQ(findTooDeepNesting("[[[1]]]", 2), std::optional<size_t>(2));
}

TEST(NestingDepthTest, StringsCommentsAndArrowsAreNotBrackets) {
  EXPECT_FALSE(findTooDeepNesting("\"{{{{{\" // {{{{{\n{}", 1));
  // An escaped quote does not end the string.
  EXPECT_FALSE(findTooDeepNesting("\"\\\"{{{{\" {}", 1));
  EXPECT_FALSE(findTooDeepNesting("\"\\\\\" {}", 1));
  // topo.link's arrows and comparisons neither open nor close.
  EXPECT_FALSE(findTooDeepNesting("{ 0 <-> 1 } { 2 -> 3 } { a >= b <= c }", 1));
  EXPECT_FALSE(findTooDeepNesting("(i32) -> (i32)", 1));
  // A `->` does not close the `<` before it.
  EXPECT_EQ(findTooDeepNesting("<d0 -> d0 <x>>", 1), std::optional<size_t>(10));
}

TEST(NestingDepthTest, UnbalancedClosersDoNotHideDepth) {
  EXPECT_EQ(findTooDeepNesting("}}}]]){{{", 2), std::optional<size_t>(8));
}

TEST(NestingDepthTest, BytecodeIsNotText) {
  std::string bytecode = std::string("ML\xEFR") + repeat("{", 5000);
  EXPECT_FALSE(findTooDeepNesting(bytecode));
}

TEST(NestingDepthTest, TheMessageNamesTheLimit) {
  EXPECT_EQ(tooDeepNestingMessage(7).substr(0, 33),
            "brackets nest deeper than 7 level");
}

} // namespace
