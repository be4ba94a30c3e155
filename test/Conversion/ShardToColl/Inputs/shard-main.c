/*===- shard-main.c - Runs the shard bridge's compiled collectives --------===*
 *
 * Each function of ../run.mlir takes rank r's input
 * x[k] = 100 * r + k (small integers, exact in f32) and returns its result;
 * grid device r = 4 * i + j on a 2x4 grid. Every rank compares each result
 * with what shard's semantics say and prints "<op> rank <r>: <wrong> wrong of
 * <n>", checked after sorting.
 *
 *===----------------------------------------------------------------------===*/

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A memref descriptor of rank 2. A rank-1 descriptor {allocated, aligned,
 * offset, size, stride} is its prefix with sizes[1] read as the stride. */
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Desc2;

#define DECLARE(name) void _mlir_ciface_##name(void *result, void *input);
DECLARE(all_reduce)
DECLARE(all_reduce_flipped)
DECLARE(all_reduce_relayed)
DECLARE(all_gather)
DECLARE(reduce_scatter)
DECLARE(broadcast)
DECLARE(all_to_all)
DECLARE(reduce)
DECLARE(gather)
DECLARE(scatter)
DECLARE(all_gather_inner)
DECLARE(reduce_scatter_inner)
DECLARE(all_to_all_transposing)

static int rank, gi, gj;

static float x(int r, int k) { return (float)(100 * r + k); }

/* Calls `fn` on rank's input of `in` elements (as a rank-`dims` memref of
 * shape rows x cols, cols = 1 for rank 1) and checks `out` elements against
 * `expect`. */
typedef float (*Expect)(int k);
static void run(const char *name, void (*fn)(void *, void *), int dims,
                int inRows, int inCols, int out, Expect expect) {
  int in = inRows * inCols;
  float *data = malloc(sizeof(float) * in);
  for (int k = 0; k < in; ++k)
    data[k] = x(rank, k);
  Desc2 input = {data, data, 0, {inRows, inCols}, {inCols, 1}};
  if (dims == 1) {
    input.sizes[0] = in;
    input.sizes[1] = 1; /* the stride of rank 1 */
  }
  Desc2 result = {0};
  fn(&result, &input);
  int wrong = 0;
  if (expect)
    for (int k = 0; k < out; ++k)
      wrong += result.aligned[result.offset + k] != expect(k);
  printf("%s rank %d: %d wrong of %d\n", name, rank, expect ? wrong : -1, out);
  free(result.allocated);
  free(data);
}

static float allReduce(int k) {
  float s = 0;
  for (int j = 0; j < 4; ++j)
    s += x(4 * gi + j, k);
  return s;
}
static float allGather(int k) { /* [4x3]: rows 2i'..2i'+1 from (i', j) */
  int src = 4 * (k / 6) + gj;
  return x(src, k % 6);
}
static float reduceScatter(int k) { return allReduce(2 * gj + k); }
static float broadcast(int k) { return x(4 * gi + 2, k); }
static float allToAll(int k) { /* row s from (i, s): its row j */
  return x(4 * gi + k / 2, 2 * gj + k % 2);
}
static float reduce(int k) { return x(gj, k) + x(4 + gj, k); }
static float gather(int k) { return x(4 * gi + k / 2, k % 2); }
static float scatter(int k) { return x(gj, 4 * gi + k); }
/* [2x8]: out[a][c] is element [a][c % 2] of device (i, c / 2). */
static float allGatherInner(int k) {
  int a = k / 8, c = k % 8;
  return x(4 * gi + c / 2, a * 2 + c % 2);
}
/* [2x2]: block j of axis 1 of the [2x8] sum. */
static float reduceScatterInner(int k) {
  int a = k / 2, b = k % 2;
  float s = 0;
  for (int j = 0; j < 4; ++j)
    s += x(4 * gi + j, a * 8 + 2 * gj + b);
  return s;
}
/* [8x1]: rows 2s..2s+1 are column j of device (i, s)'s [2x4]. */
static float allToAllTransposing(int k) {
  int s = k / 2, a = k % 2;
  return x(4 * gi + s, a * 4 + gj);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  gi = rank / 4;
  gj = rank % 4;
  run("all_reduce", _mlir_ciface_all_reduce, 1, 8, 1, 8, allReduce);
  run("all_reduce_flipped", _mlir_ciface_all_reduce_flipped, 1, 8, 1, 8,
      allReduce);
  run("all_reduce_relayed", _mlir_ciface_all_reduce_relayed, 1, 8, 1, 8,
      allReduce);
  run("all_gather", _mlir_ciface_all_gather, 2, 2, 3, 12, allGather);
  run("reduce_scatter", _mlir_ciface_reduce_scatter, 1, 8, 1, 2,
      reduceScatter);
  run("broadcast", _mlir_ciface_broadcast, 1, 3, 1, 3, broadcast);
  run("all_to_all", _mlir_ciface_all_to_all, 2, 4, 2, 8, allToAll);
  /* Reduce and gather define the result at the root only. */
  run("reduce", _mlir_ciface_reduce, 1, 4, 1, 4, gi == 1 ? reduce : NULL);
  run("gather", _mlir_ciface_gather, 2, 1, 2, 8, gj == 0 ? gather : NULL);
  run("scatter", _mlir_ciface_scatter, 2, 4, 2, 4, scatter);
  run("all_gather_inner", _mlir_ciface_all_gather_inner, 2, 2, 2, 16,
      allGatherInner);
  run("reduce_scatter_inner", _mlir_ciface_reduce_scatter_inner, 2, 2, 8, 4,
      reduceScatterInner);
  run("all_to_all_transposing", _mlir_ciface_all_to_all_transposing, 2, 2, 4,
      8, allToAllTransposing);
  MPI_Finalize();
  return 0;
}
