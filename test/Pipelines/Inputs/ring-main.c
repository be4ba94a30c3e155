/*===- ring-main.c - Runs tacos-lower-to-llvm-run.mlir's ring --------------===//
 *
 * Calls the lowered ring All-Gather through its C interface (a memref<?xT>
 * is a pointer to {allocated, aligned, offset, size, stride}) on
 * rank-dependent data and prints, per rank, the return code and the number
 * of output elements that differ from the input of the rank they came from.
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
} MemRefF32;

/* bf16 as its bits: the function only moves them. */
typedef struct {
  uint16_t *allocated, *aligned;
  int64_t offset, size, stride;
} MemRefBF16;

int32_t _mlir_ciface_ring_f32(MemRefF32 *in, MemRefF32 *out);
int32_t _mlir_ciface_ring_bf16(MemRefBF16 *in, MemRefBF16 *out);

enum { N = 3 };

static float valueF32(int rank, int i) { return rank * 100 + i + 0.5f; }

/* 0x7f81..: NaN payloads, which a float conversion could quieten. */
static uint16_t valueBF16(int rank, int i) {
  return (uint16_t)(0x7f81 + rank * 16 + i);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  float inF32[N];
  float *outF32 = calloc(N * size, sizeof(float));
  for (int i = 0; i < N; ++i)
    inF32[i] = valueF32(rank, i);
  MemRefF32 in = {inF32, inF32, 0, N, 1};
  MemRefF32 out = {outF32, outF32, 0, N * size, 1};
  int rc = _mlir_ciface_ring_f32(&in, &out);
  int wrong = 0;
  for (int p = 0; p < size; ++p)
    for (int i = 0; i < N; ++i)
      wrong += outF32[p * N + i] != valueF32(p, i);
  printf("rank %d f32 rc %d wrong %d of %d\n", rank, rc, wrong, N * size);

  uint16_t inBF16[N];
  uint16_t *outBF16 = calloc(N * size, sizeof(uint16_t));
  for (int i = 0; i < N; ++i)
    inBF16[i] = valueBF16(rank, i);
  MemRefBF16 inB = {inBF16, inBF16, 0, N, 1};
  MemRefBF16 outB = {outBF16, outBF16, 0, N * size, 1};
  rc = _mlir_ciface_ring_bf16(&inB, &outB);
  wrong = 0;
  for (int p = 0; p < size; ++p)
    for (int i = 0; i < N; ++i)
      wrong += outBF16[p * N + i] != valueBF16(p, i);
  printf("rank %d bf16 rc %d wrong %d of %d\n", rank, rc, wrong, N * size);

  /* One element short: refused before any message is sent. */
  out.size = N * size - 1;
  printf("rank %d short rc %d\n", rank, _mlir_ciface_ring_f32(&in, &out));

  free(outF32);
  free(outBF16);
  MPI_Finalize();
  return 0;
}
