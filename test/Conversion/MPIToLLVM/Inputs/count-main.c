/*===- count-main.c - Runs count-run.mlir's @to_self -----------------------===//
 *
 * Usage: count-main SIZE. Sends a 3-element buffer to itself, its
 * descriptor claiming SIZE elements, into an 8-element buffer (so that the
 * honest SIZE 3 is received whole), and prints how many arrived.
 *
 *===----------------------------------------------------------------------===*/

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  float *allocated, *aligned;
  int64_t offset, size, stride;
} MemRefF32;

int32_t _mlir_ciface_to_self(MemRefF32 *buf, MemRefF32 *into);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  float data[3] = {1, 2, 3}, received[8] = {0};
  MemRefF32 buf = {data, data, 0, strtoll(argv[1], NULL, 10), 1};
  MemRefF32 into = {received, received, 0, 8, 1};
  int rc = _mlir_ciface_to_self(&buf, &into);
  int count = 0;
  while (count < 8 && received[count] == count + 1)
    ++count;
  printf("rc %d received %d elements\n", rc, count);
  MPI_Finalize();
  return 0;
}
