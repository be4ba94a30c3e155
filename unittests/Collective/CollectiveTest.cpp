//===- CollectiveTest.cpp - Chunking and checks of collectives ------------===//

#include "tacos/Collective/Collective.h"

#include <gtest/gtest.h>

using namespace tacos;

namespace {

CollectiveSpec make(CollectiveKind kind, int64_t size, int64_t chunks = 1) {
  CollectiveSpec spec;
  spec.kind = kind;
  spec.sizeBytes = size;
  spec.chunksPerRank = chunks;
  return spec;
}

TEST(CollectiveTest, ChunkCountsFollowTheDesign) {
  // All-Gather, Reduce-Scatter, All-Reduce: G*k chunks of size/(G*k).
  CollectiveSpec ag = make(CollectiveKind::AllGather, 1 << 30, 2);
  EXPECT_EQ(ag.numChunks(25), 50);
  // 2^30 / 50 is not whole: pieces of 21474836 and 21474837 B.
  ChunkSizes agSizes = ag.chunkSizes(25);
  EXPECT_EQ(agSizes.perBuffer, 50u);
  EXPECT_EQ(agSizes.smallest(), 21474836u);
  EXPECT_EQ(agSizes.largest(), 21474837u);
  EXPECT_EQ(make(CollectiveKind::AllReduce, 1000, 1).numChunks(8), 8);
  // All-to-All: one chunk per (source, destination, i).
  CollectiveSpec a2a = make(CollectiveKind::AllToAll, 64 << 20, 2);
  EXPECT_EQ(a2a.numChunks(8), 8 * 8 * 2);
  EXPECT_EQ(a2a.chunkSizes(8).bytes(5), uint64_t(64 << 20) / 16);
  EXPECT_TRUE(a2a.chunkSizes(8).uniform());
  // Broadcast: the root's buffer in k chunks.
  CollectiveSpec bc = make(CollectiveKind::Broadcast, 16 << 20, 4);
  bc.root = 3;
  EXPECT_EQ(bc.numChunks(32), 4);
  EXPECT_EQ(bc.chunkSizes(32).bytes(3), uint64_t(4 << 20));
}

// Chunk j of C covers [floor(j*S/C), floor((j+1)*S/C)): whole bytes that
// tile the buffer, any two differing by at most one byte, the same for every
// buffer of the collective (chunk c is piece c % C).
TEST(CollectiveTest, ChunksAreWholeBytesTilingTheBuffer) {
  for (uint64_t size : {1ull, 7ull, 1000ull, 1ull << 30, 999'999'999'999ull})
    for (uint64_t pieces : {1ull, 3ull, 7ull, 50ull, 1000ull}) {
      if (size < pieces)
        continue;
      ChunkSizes sizes{size, pieces};
      uint64_t total = 0;
      for (uint64_t j = 0; j < pieces; ++j) {
        EXPECT_EQ(sizes.offset(j), total);
        uint64_t bytes = sizes.bytes(j);
        EXPECT_GE(bytes, sizes.smallest());
        EXPECT_LE(bytes, sizes.largest());
        EXPECT_EQ(sizes.bytes(j + 2 * pieces), bytes);
        total += bytes;
      }
      EXPECT_EQ(total, size);
      EXPECT_EQ(sizes.largest() - sizes.smallest(), sizes.uniform() ? 0u : 1u);
    }
  // The example of the design: 10 bytes in 4 chunks are 2, 3, 2, 3.
  ChunkSizes ten{10, 4};
  EXPECT_EQ(ten.bytes(0), 2u);
  EXPECT_EQ(ten.bytes(1), 3u);
  EXPECT_EQ(ten.bytes(2), 2u);
  EXPECT_EQ(ten.bytes(3), 3u);
}

TEST(CollectiveTest, GroupsCountTheirMembers) {
  CollectiveSpec spec = make(CollectiveKind::AllReduce, 256 << 20);
  spec.group = {0, 1, 2, 3};
  EXPECT_EQ(spec.participants(60), 4);
  EXPECT_EQ(spec.numChunks(60), 4);
  EXPECT_EQ(checkCollective(spec, 60), "");
}

TEST(CollectiveTest, TooManyChunksIsReportedNotWrapped) {
  CollectiveSpec spec = make(CollectiveKind::AllToAll, 1 << 30, 5);
  EXPECT_EQ(spec.numChunks(1000000), -1);
  EXPECT_EQ(checkCollective(spec, 1000000),
            "the collective has more than 4294967295 chunks");
}

TEST(CollectiveTest, ChecksEveryField) {
  CollectiveSpec spec = make(CollectiveKind::AllGather, 0);
  EXPECT_EQ(checkCollective(spec, 4), "size must be positive");
  spec = make(CollectiveKind::AllGather, 10, 0);
  EXPECT_EQ(checkCollective(spec, 4), "chunks must be at least 1, got 0");
  spec = make(CollectiveKind::AllGather, 10);
  spec.group = {0, 4};
  EXPECT_EQ(checkCollective(spec, 4),
            "group member 4 is out of range: the network has 4 NPUs");
  spec.group = {1, 1};
  EXPECT_EQ(checkCollective(spec, 4), "group lists NPU 1 twice");
  spec.group = {};
  spec.root = 0;
  EXPECT_EQ(checkCollective(spec, 4), "all_gather takes no root");
  spec = make(CollectiveKind::Reduce, 10);
  EXPECT_EQ(checkCollective(spec, 4), "reduce needs root(<npu>)");
  spec.root = 9;
  EXPECT_EQ(checkCollective(spec, 4),
            "root 9 is out of range: the network has 4 NPUs");
  spec.root = 2;
  spec.group = {0, 1};
  EXPECT_EQ(checkCollective(spec, 4), "root 2 is not in the group");
  spec.group = {0, 2};
  EXPECT_EQ(checkCollective(spec, 4), "");
}

TEST(CollectiveTest, ChunksOfLessThanOneByteAreRefused) {
  // 8 buffers of 10 chunks cannot share 79 B; 80 B is one byte each.
  EXPECT_EQ(checkCollective(make(CollectiveKind::AllGather, 79, 10), 8),
            "size of 79 B cannot be split into 80 chunks of at least 1 B");
  EXPECT_EQ(checkCollective(make(CollectiveKind::AllGather, 80, 10), 8), "");
  // All-to-All: each NPU's buffer of S bytes holds G*k chunks.
  EXPECT_EQ(checkCollective(make(CollectiveKind::AllToAll, 7, 1), 8),
            "size of 7 B cannot be split into 8 chunks of at least 1 B");
  // Broadcast: one buffer of k chunks, whatever the network size.
  CollectiveSpec bc = make(CollectiveKind::Broadcast, 4, 4);
  bc.root = 0;
  EXPECT_EQ(checkCollective(bc, 1000), "");
  bc.chunksPerRank = 5;
  EXPECT_EQ(checkCollective(bc, 1000),
            "size of 4 B cannot be split into 5 chunks of at least 1 B");
  // A group counts its members, not the network.
  CollectiveSpec group = make(CollectiveKind::ReduceScatter, 2, 1);
  group.group = {0, 3};
  EXPECT_EQ(checkCollective(group, 64), "");
}

TEST(CollectiveTest, Names) {
  EXPECT_STREQ(collectiveName(CollectiveKind::ReduceScatter), "reduce_scatter");
  EXPECT_TRUE(isCombining(CollectiveKind::AllReduce));
  EXPECT_FALSE(isCombining(CollectiveKind::AllGather));
  EXPECT_TRUE(hasRoot(CollectiveKind::Scatter));
  EXPECT_FALSE(hasRoot(CollectiveKind::AllToAll));
}

} // namespace

// The per-collective table agrees with itself: names parse back, inverses
// are involutions between kinds of the same rootedness, duals are
// non-combining, and the busbw factors are nccl-tests'.
TEST(CollectiveTest, TableIsConsistent) {
  for (int k = 0; k <= int(CollectiveKind::Scatter); ++k) {
    CollectiveKind kind = CollectiveKind(k);
    const CollectiveInfo &info = collectiveInfo(kind);
    EXPECT_EQ(info.kind, kind);
    EXPECT_EQ(parseCollective(collectiveName(kind)), kind);
    EXPECT_FALSE(isCombining(dualOf(kind))) << info.name;
    EXPECT_EQ(dualOf(kind) == kind, !isCombining(kind)) << info.name;
    if (info.inverse) {
      EXPECT_EQ(collectiveInfo(*info.inverse).inverse, kind) << info.name;
      EXPECT_EQ(hasRoot(*info.inverse), hasRoot(kind)) << info.name;
      EXPECT_EQ(collectiveInfo(*info.inverse).inversionReduces,
                info.inversionReduces)
          << info.name;
    }
  }
  EXPECT_FALSE(parseCollective("all-reduce"));
  EXPECT_EQ(busFactor(CollectiveKind::AllReduce, 8), 2.0 * 7 / 8);
  EXPECT_EQ(busFactor(CollectiveKind::ReduceScatter, 8), 7.0 / 8);
  EXPECT_EQ(busFactor(CollectiveKind::Reduce, 8), 1.0);
  EXPECT_EQ(dualOf(CollectiveKind::Reduce), CollectiveKind::Broadcast);
}
