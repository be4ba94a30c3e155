/*===- run-main.c - Runs functions lowered by convert-coll-to-mpi ----------===//
 *
 * Calls _mlir_ciface_<kind>(in, out, E) (f32, sum) on rank-dependent data
 * and prints, per rank, the return code and how many elements of `out`
 * differ from the collective's definition. Usage:
 *   run-main all_reduce|all_gather|reduce_scatter|all_to_all|broadcast E
 *            [inplace]
 * Pieces follow the ABI: P = size pieces (one chunk per rank; broadcast: 1
 * piece, root 0), piece j = [j*E/P, (j+1)*E/P).
 *
 *===----------------------------------------------------------------------===*/

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, size, stride;
} MemRef;

typedef int32_t (*Fn)(MemRef *, MemRef *, int64_t);
int32_t _mlir_ciface_all_reduce(MemRef *, MemRef *, int64_t);
int32_t _mlir_ciface_all_gather(MemRef *, MemRef *, int64_t);
int32_t _mlir_ciface_reduce_scatter(MemRef *, MemRef *, int64_t);
int32_t _mlir_ciface_all_to_all(MemRef *, MemRef *, int64_t);
int32_t _mlir_ciface_broadcast(MemRef *, MemRef *, int64_t);

/* Small integers: sums are exact in f32. */
static float value(int rank, int64_t i) { return (float)(rank * 1000 + i); }
static int64_t offset(int64_t j, int64_t p, int64_t e) { return j * e / p; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const char *kind = argv[1];
  int64_t e = atoll(argv[2]);
  int inplace = argc > 3 && !strcmp(argv[3], "inplace");
  int64_t p = size, lo = offset(rank, p, e), hi = offset(rank + 1, p, e);

  Fn fn;
  int64_t inLen = e, outLen = e;
  if (!strcmp(kind, "all_reduce"))
    fn = _mlir_ciface_all_reduce;
  else if (!strcmp(kind, "all_gather"))
    fn = _mlir_ciface_all_gather, inLen = hi - lo;
  else if (!strcmp(kind, "reduce_scatter"))
    fn = _mlir_ciface_reduce_scatter, outLen = hi - lo;
  else if (!strcmp(kind, "all_to_all"))
    fn = _mlir_ciface_all_to_all;
  else
    fn = _mlir_ciface_broadcast, inLen = rank == 0 ? e : 0;

  float *outBuf = calloc(outLen + 1, sizeof(float));
  float *inAlloc = malloc((inLen + 1) * sizeof(float));
  float *inBuf = inAlloc;
  /* In place: All-Gather's `in` is out's own slice, All-Reduce's is out. */
  if (inplace)
    inBuf = !strcmp(kind, "all_gather") ? outBuf + lo : outBuf;
  int64_t inBase = !strcmp(kind, "all_gather") ? lo : 0;
  for (int64_t i = 0; i < inLen; ++i)
    inBuf[i] = value(rank, inBase + i);
  MemRef in = {inBuf, inBuf, 0, inLen, 1}, out = {outBuf, outBuf, 0, outLen, 1};
  int rc = fn(&in, &out, e);

  int64_t wrong = 0;
  for (int64_t i = 0; i < outLen; ++i) {
    float want = 0;
    if (!strcmp(kind, "all_reduce") || !strcmp(kind, "reduce_scatter")) {
      int64_t at = !strcmp(kind, "all_reduce") ? i : lo + i;
      for (int r = 0; r < size; ++r)
        want += value(r, at);
    } else if (!strcmp(kind, "all_gather")) {
      int owner = 0;
      while (offset(owner + 1, p, e) <= i)
        ++owner;
      want = value(owner, i);
    } else if (!strcmp(kind, "all_to_all")) {
      /* Block s of my out = block `rank` of s's in. */
      int64_t block = e / size, s = i / block;
      want = value((int)s, rank * block + i % block);
    } else {
      want = value(0, i);
    }
    wrong += outBuf[i] != want;
  }
  printf("rank %d %s rc %d wrong %lld of %lld\n", rank, kind, rc,
         (long long)wrong, (long long)outLen);
  free(inAlloc);
  free(outBuf);
  MPI_Finalize();
  return 0;
}
