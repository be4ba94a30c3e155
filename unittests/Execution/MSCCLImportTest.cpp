//===- MSCCLImportTest.cpp - MSCCL-IR programs back into schedules --------===//
//
// The XML reader's positions and refusals, and the importer's core: a
// program exported by buildProgram comes back as the same transfers at the
// same times; roots are inferred; deadlocks name their cycle. The lit tests
// in test/Target/MSCCL cover synthesized algorithms and the bad-file corpus.
//
//===----------------------------------------------------------------------===//

#include "tacos/Execution/MSCCLImport.h"
#include "tacos/Execution/XmlReader.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace tacos;
using namespace tacos::exec::msccl;

namespace {

//===----------------------------------------------------------------------===//
// XML reader
//===----------------------------------------------------------------------===//

TEST(XmlReader, PositionsOfElementsAndAttributes) {
  std::string text = "<?xml version=\"1.0\"?>\n<!-- c -->\n<a x='1'\n   "
                     "y=\"&lt;&#65;&#x42;\">\n  <b/>\n</a>\n";
  xml::Error error;
  auto root = xml::parse(text, error);
  ASSERT_TRUE(root) << error.message;
  EXPECT_EQ(root->name, "a");
  EXPECT_EQ(root->at.line, 3u);
  EXPECT_EQ(root->at.column, 1u);
  ASSERT_EQ(root->attributes.size(), 2u);
  EXPECT_EQ(root->attributes[0].value, "1");
  EXPECT_EQ(root->attributes[0].at.column, 4u);
  EXPECT_EQ(root->attributes[0].valueAt.column, 7u);
  EXPECT_EQ(root->attributes[1].value, "<AB");
  EXPECT_EQ(root->attributes[1].at.line, 4u);
  EXPECT_EQ(root->attributes[1].at.column, 4u);
  ASSERT_EQ(root->children.size(), 1u);
  EXPECT_EQ(root->children[0]->at.line, 5u);
  EXPECT_EQ(root->children[0]->at.column, 3u);
}

std::string xmlError(const std::string &text) {
  xml::Error error;
  EXPECT_FALSE(xml::parse(text, error));
  return std::to_string(error.at.line) + ":" + std::to_string(error.at.column) +
         ": " + error.message;
}

TEST(XmlReader, Refusals) {
  EXPECT_EQ(xmlError("<a>\n<b>"),
            "2:4: unexpected end of the file inside <b> (opened at 2:1)");
  EXPECT_EQ(xmlError("<a><b></a>"), "1:7: </a> closes <b> (opened at 1:4)");
  EXPECT_EQ(xmlError("<a x='1' x='2'/>"),
            "1:10: duplicate attribute 'x' (first at 1:4)");
  EXPECT_EQ(xmlError("<a x='&nbsp;'/>"),
            "1:7: unknown entity '&nbsp;' (only &lt; &gt; &amp; &quot; &apos; "
            "and &#N; are defined)");
  EXPECT_EQ(xmlError("<a x='&#xD800;'/>"),
            "1:7: invalid character reference '&#xD800;'");
  EXPECT_EQ(xmlError("<a>text</a>"),
            "1:4: unexpected text 't' inside <a> (only elements, comments and "
            "whitespace)");
  EXPECT_EQ(xmlError(""),
            "1:1: expected the root element, found the end of the file");
  EXPECT_EQ(xmlError("<a/><a/>"),
            "1:5: a second root element; an XML document has one");
  EXPECT_EQ(xmlError("<a x=1/>"),
            "1:6: expected a quoted value for attribute 'x', found '1'");
  EXPECT_EQ(xmlError("<a><!-- x -- y --></a>"), "1:11: '--' inside a comment");
  EXPECT_EQ(xmlError("<a><![CDATA[x]]></a>"),
            "1:4: DOCTYPE and CDATA are not supported");
}

TEST(XmlReader, DepthIsBounded) {
  std::string deep, close;
  for (uint32_t i = 0; i < xml::kMaxDepth; ++i) {
    deep += "<e>";
    close = "</e>" + close;
  }
  xml::Error error;
  EXPECT_TRUE(xml::parse(deep + close, error)) << error.message;
  EXPECT_EQ(xmlError(deep + "<e/>" + close),
            "1:" + std::to_string(3 * xml::kMaxDepth + 1) +
                ": elements nested deeper than 64 levels");
}

//===----------------------------------------------------------------------===//
// Import
//===----------------------------------------------------------------------===//

Network pairNetwork(uint32_t n) {
  NetworkBuilder builder(n);
  LinkSpec link{25e9, 1000000, ""};
  for (uint32_t a = 0; a < n; ++a)
    for (uint32_t b = 0; b < n; ++b)
      if (a != b)
        builder.addLink(a, b, link);
  return builder.build();
}

exec::CallShape shapeOf(CollectiveKind kind, uint32_t npus,
                        std::optional<uint32_t> root = std::nullopt) {
  exec::CallShape shape;
  shape.kind = kind;
  shape.numRanks = npus;
  for (uint32_t r = 0; r < npus; ++r)
    shape.participants.push_back(r);
  shape.root = root;
  return shape;
}

std::string exportXml(const exec::CallShape &shape, const Schedule &s) {
  std::string error;
  std::optional<Program> program =
      buildProgram(shape, s.view(), Options{}, error);
  EXPECT_TRUE(program) << error;
  std::ostringstream os;
  if (program)
    writeXml(*program, os);
  return os.str();
}

ImportedAlgorithm import(const std::string &text, const Network &network,
                         ImportOptions options = {}) {
  ImportError error;
  std::optional<ParsedProgram> parsed = parseProgram(text, error);
  EXPECT_TRUE(parsed) << error.message;
  if (!parsed)
    return {};
  std::optional<ImportedAlgorithm> result =
      interpret(*parsed, network, options, error);
  EXPECT_TRUE(result) << error.message;
  return result ? *result : ImportedAlgorithm{};
}

/// 1 MB chunks on 25 GBps, 1 us links: 41 us per transfer.
constexpr int64_t kHop = 41000000;

TEST(MSCCLImport, AllReduceComesBackAsExported) {
  // Reduce chunk 0 at NPU 1 and chunk 1 at NPU 0, then copy back.
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Reduce, 0, kHop});
  s.push_back({1, 1, 0, 0, TransferKind::Reduce, 0, kHop});
  s.push_back({0, 1, 0, 0, TransferKind::Copy, kHop, 2 * kHop});
  s.push_back({1, 0, 1, 0, TransferKind::Copy, kHop, 2 * kHop});
  Network network = pairNetwork(2);
  ImportOptions options;
  options.chunkBytes = 1000000;
  ImportedAlgorithm a =
      import(exportXml(shapeOf(CollectiveKind::AllReduce, 2), s), network,
             options);
  EXPECT_EQ(a.spec.kind, CollectiveKind::AllReduce);
  EXPECT_EQ(a.spec.sizeBytes, 2000000);
  EXPECT_TRUE(a.spec.group.empty());
  EXPECT_EQ(a.timePs, 2 * kHop);
  ScheduleView v = a.schedule.view();
  ASSERT_EQ(v.size(), 4u);
  std::multiset<std::tuple<uint32_t, uint32_t, uint32_t, int, int64_t>> got,
      want;
  for (size_t i = 0; i < v.size(); ++i) {
    got.insert({v.chunk(i), v.src(i), v.dst(i), v.kindByte(i), v.start(i)});
    want.insert({s.view().chunk(i), s.view().src(i), s.view().dst(i),
                 s.view().kindByte(i), s.view().start(i)});
  }
  EXPECT_EQ(got, want);
}

// A size is used when given, whatever it is: 0 is refused, not read as
// "use the chunk size" (tacos-translate's --msccl-size=0 was).
TEST(MSCCLImport, AGivenSizeOfZeroIsRefused) {
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, kHop});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 0, kHop});
  std::string xml = exportXml(shapeOf(CollectiveKind::AllGather, 2), s);
  ImportOptions options;
  options.sizeBytes = 2000000;
  EXPECT_EQ(import(xml, pairNetwork(2), options).spec.sizeBytes, 2000000);
  ImportError error;
  std::optional<ParsedProgram> parsed = parseProgram(xml, error);
  ASSERT_TRUE(parsed) << error.message;
  options.sizeBytes = 0;
  EXPECT_FALSE(interpret(*parsed, pairNetwork(2), options, error));
  EXPECT_EQ(error.message, "a size of 0 bytes is outside [1 B, 1 PiB]");
}

TEST(MSCCLImport, RootIsTheGpuThatNeverReceives) {
  Schedule s;
  s.push_back({0, 2, 0, 0, TransferKind::Copy, 0, kHop});
  s.push_back({0, 0, 1, 0, TransferKind::Copy, kHop, 2 * kHop});
  Network network = pairNetwork(3);
  ImportOptions options;
  options.chunkBytes = 1000000;
  ImportedAlgorithm a = import(
      exportXml(shapeOf(CollectiveKind::Broadcast, 3, 2), s), network, options);
  EXPECT_EQ(a.spec.root, std::optional<int64_t>(2));
  EXPECT_EQ(a.timePs, 2 * kHop);
}

TEST(MSCCLImport, GroupsTakeTheirNpus) {
  // GPUs 0 and 1 of the program on NPUs 2 and 0 of a 3-NPU network.
  Schedule s;
  s.push_back({0, 0, 1, 0, TransferKind::Copy, 0, kHop});
  s.push_back({1, 1, 0, 0, TransferKind::Copy, 0, kHop});
  Network network = pairNetwork(3);
  ImportOptions options;
  options.npuOf = {2, 0};
  ImportedAlgorithm a = import(
      exportXml(shapeOf(CollectiveKind::AllGather, 2), s), network, options);
  EXPECT_EQ(a.spec.group, (std::vector<int64_t>{2, 0}));
  ASSERT_EQ(a.schedule.size(), 2u);
  std::set<std::pair<uint32_t, uint32_t>> links;
  for (size_t i = 0; i < 2; ++i)
    links.insert({a.schedule.view().src(i), a.schedule.view().dst(i)});
  EXPECT_EQ(links, (std::set<std::pair<uint32_t, uint32_t>>{{2, 0}, {0, 2}}));
}

std::string importError(const std::string &text, const Network &network) {
  ImportError error;
  std::optional<ParsedProgram> parsed = parseProgram(text, error);
  if (parsed)
    EXPECT_FALSE(interpret(*parsed, network, {}, error));
  return std::to_string(error.at.line) + ":" + std::to_string(error.at.column) +
         ": " + error.message;
}

std::string step(int s, const char *type, int off, int depid = -1,
                 int deps = -1, int hasdep = 0) {
  return "<step s=\"" + std::to_string(s) + "\" type=\"" + type +
         "\" srcbuf=\"o\" srcoff=\"" + std::to_string(off) +
         "\" dstbuf=\"o\" dstoff=\"" + std::to_string(off) +
         "\" cnt=\"1\" depid=\"" + std::to_string(depid) + "\" deps=\"" +
         std::to_string(deps) + "\" hasdep=\"" + std::to_string(hasdep) +
         "\"/>\n";
}

TEST(MSCCLImport, DeadlockNamesItsCycle) {
  // Both GPUs receive before they send.
  std::string text = "<algo name=\"x\" proto=\"Simple\" nchannels=\"1\" "
                     "nchunksperloop=\"2\" ngpus=\"2\" coll=\"allreduce\" "
                     "inplace=\"1\">\n";
  for (int g = 0; g < 2; ++g)
    text += "<gpu id=\"" + std::to_string(g) +
            "\" i_chunks=\"2\" o_chunks=\"2\" s_chunks=\"0\">\n<tb id=\"0\" "
            "send=\"" +
            std::to_string(1 - g) + "\" recv=\"" + std::to_string(1 - g) +
            "\" chan=\"0\">\n" + step(0, "rrc", g) + step(1, "s", 1 - g) +
            "</tb>\n</gpu>\n";
  text += "</algo>\n";
  EXPECT_EQ(importError(text, pairNetwork(2)),
            "4:1: deadlock: step 0 (rrc) of threadblock 0 of gpu 0 waits for "
            "a message from threadblock 0 of gpu 1; step 0 (rrc) of "
            "threadblock 0 of gpu 1 waits for a message from threadblock 0 of "
            "gpu 0");
}

std::string stepIn(int s, const char *type, char srcBuf, int srcOff,
                   char dstBuf, int dstOff, int cnt = 1, int depid = -1,
                   int deps = -1, int hasdep = 0) {
  return "<step s=\"" + std::to_string(s) + "\" type=\"" + type +
         "\" srcbuf=\"" + srcBuf + "\" srcoff=\"" + std::to_string(srcOff) +
         "\" dstbuf=\"" + dstBuf + "\" dstoff=\"" + std::to_string(dstOff) +
         "\" cnt=\"" + std::to_string(cnt) + "\" depid=\"" +
         std::to_string(depid) + "\" deps=\"" + std::to_string(deps) +
         "\" hasdep=\"" + std::to_string(hasdep) + "\"/>\n";
}

TEST(MSCCLImport, InPlaceAllPairsReduceThroughScratch) {
  // msccl-tools' in-place All-Reduce: o_chunks="0", everything in `in`;
  // GPU g receives the peer's part of chunk g into scratch, combines it
  // with re, and sends the result back.
  std::string text = "<algo name=\"x\" proto=\"Simple\" nchannels=\"1\" "
                     "nchunksperloop=\"2\" ngpus=\"2\" coll=\"allreduce\" "
                     "inplace=\"1\">\n";
  for (int g = 0; g < 2; ++g)
    text += "<gpu id=\"" + std::to_string(g) +
            "\" i_chunks=\"2\" o_chunks=\"0\" s_chunks=\"1\">\n<tb id=\"0\" "
            "send=\"" +
            std::to_string(1 - g) + "\" recv=\"" + std::to_string(1 - g) +
            "\" chan=\"0\">\n" + stepIn(0, "s", 'i', 1 - g, 's', 0) +
            stepIn(1, "r", 's', 0, 's', 0, 1, -1, -1, 1) +
            stepIn(2, "s", 'i', g, 'i', g, 1, 1, 0) +
            stepIn(3, "r", 'i', 1 - g, 'i', 1 - g) +
            "</tb>\n<tb id=\"1\" send=\"-1\" recv=\"-1\" chan=\"0\">\n" +
            stepIn(0, "re", 's', 0, 'i', g, 1, 0, 1, 1) + "</tb>\n</gpu>\n";
  text += "</algo>\n";
  ImportOptions options;
  options.chunkBytes = 1000000;
  ImportedAlgorithm a = import(text, pairNetwork(2), options);
  ASSERT_EQ(a.schedule.size(), 4u);
  ScheduleView v = a.schedule.view();
  // The contributions (first two transfers) reduce, the results copy.
  EXPECT_EQ(v.kindByte(0), uint8_t(TransferKind::Reduce));
  EXPECT_EQ(v.kindByte(1), uint8_t(TransferKind::Reduce));
  EXPECT_EQ(v.kindByte(2), uint8_t(TransferKind::Copy));
  EXPECT_EQ(v.kindByte(3), uint8_t(TransferKind::Copy));
  EXPECT_EQ(a.timePs, 2 * kHop);
}

} // namespace
