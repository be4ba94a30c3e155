/*===- split-main.c - Runs comm-split-run.mlir's @split --------------------===*/

#include <mpi.h>
#include <stdio.h>

int split(void);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  printf("rank %d split %d\n", rank, split());
  MPI_Finalize();
  return 0;
}
