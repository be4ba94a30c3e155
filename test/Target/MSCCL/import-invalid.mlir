// A corpus of bad MSCCL-IR files (Inputs/bad-xml, one fault each): each is
// one error at the line and column of the element or attribute at fault,
// exit code 1, no crash.
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/bad-char-ref.xml 2>&1 | FileCheck %s --check-prefix=BAD_CHAR_REF
// BAD_CHAR_REF: {{.*}}/bad-char-ref.xml:1:15: error: invalid character reference '&#0;'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/bad-entity.xml 2>&1 | FileCheck %s --check-prefix=BAD_ENTITY
// BAD_ENTITY: {{.*}}/bad-entity.xml:1:15: error: unknown entity '&ring3;' (only &lt; &gt; &amp; &quot; &apos; and &#N; are defined)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/channel-range.xml 2>&1 | FileCheck %s --check-prefix=CHANNEL_RANGE
// CHANNEL_RANGE: {{.*}}/channel-range.xml:3:40: error: attribute 'chan' of <tb> is 1, outside [0, 0]: below nchannels
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/cnt-limit.xml 2>&1 | FileCheck %s --check-prefix=CNT_LIMIT
// CNT_LIMIT: {{.*}}/cnt-limit.xml:5:77: error: attribute 'cnt' of <step> is 72, outside [1, 71]: the executor moves 1 to 71 chunks per step
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/cnt-mismatch.xml 2>&1 | FileCheck %s --check-prefix=CNT_MISMATCH
// CNT_MISMATCH: {{.*}}/cnt-mismatch.xml:15:7: error: message 1 of gpu 0 -> gpu 1 on channel 0 is sent with cnt 1 (step 2 of threadblock 0 of gpu 0) but received with cnt 2
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/dangling-depid.xml 2>&1 | FileCheck %s --check-prefix=DANGLING_DEPID
// DANGLING_DEPID: {{.*}}/dangling-depid.xml:5:87: error: dependency on threadblock 3, but gpu 0 has 1
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/dangling-deps.xml 2>&1 | FileCheck %s --check-prefix=DANGLING_DEPS
// DANGLING_DEPS: {{.*}}/dangling-deps.xml:5:87: error: dependency on step 9 of threadblock 0, which has 4 steps
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/deadlock-fifo.xml 2>&1 | FileCheck %s --check-prefix=DEADLOCK_FIFO
// DEADLOCK_FIFO: {{.*}}/deadlock-fifo.xml:5:7: error: deadlock: step 1 (r) of threadblock 0 of gpu 0 waits for a message from threadblock 0 of gpu 2; step 1 (r) of threadblock 0 of gpu 2 waits for a message from threadblock 0 of gpu 1; step 1 (r) of threadblock 0 of gpu 1 waits for a message from threadblock 0 of gpu 0
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/deep.xml 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: {{.*}}/deep.xml:2:190: error: elements nested deeper than 64 levels
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/dependency-cycle.xml 2>&1 | FileCheck %s --check-prefix=DEPENDENCY_CYCLE
// DEPENDENCY_CYCLE: {{.*}}/dependency-cycle.xml:10:7: error: deadlock: step 0 (nop) of threadblock 1 of gpu 0 waits for step 0 of threadblock 2; step 0 (nop) of threadblock 2 of gpu 0 waits for step 0 of threadblock 1
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/doctype.xml 2>&1 | FileCheck %s --check-prefix=DOCTYPE
// DOCTYPE: {{.*}}/doctype.xml:1:1: error: DOCTYPE and CDATA are not supported
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/duplicate-attribute.xml 2>&1 | FileCheck %s --check-prefix=DUPLICATE_ATTRIBUTE
// DUPLICATE_ATTRIBUTE: {{.*}}/duplicate-attribute.xml:11:25: error: duplicate attribute 'send' (first at 11:16)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/duplicate-connection.xml 2>&1 | FileCheck %s --check-prefix=DUPLICATE_CONNECTION
// DUPLICATE_CONNECTION: {{.*}}/duplicate-connection.xml:5:5: error: threadblocks 0 and 1 of gpu 0 both send to gpu 1 on channel 0; the executor has one connection per peer and channel
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/gpu-id-order.xml 2>&1 | FileCheck %s --check-prefix=GPU_ID_ORDER
// GPU_ID_ORDER: {{.*}}/gpu-id-order.xml:10:12: error: <gpu> id 2 out of order; expected 1 (ids are 0..ngpus-1 in order)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/half-dependency.xml 2>&1 | FileCheck %s --check-prefix=HALF_DEPENDENCY
// HALF_DEPENDENCY: {{.*}}/half-dependency.xml:5:87: error: depid and deps must both be -1 or both name a step
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/hasdep-missing.xml 2>&1 | FileCheck %s --check-prefix=HASDEP_MISSING
// HASDEP_MISSING: {{.*}}/hasdep-missing.xml:4:113: error: step 0 of threadblock 0 is a dependency of step 0 of threadblock 1 but has hasdep="0"; the executor would never signal it
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/huge-max-bytes.xml 2>&1 | FileCheck %s --check-prefix=HUGE_MAX_BYTES
// HUGE_MAX_BYTES: {{.*}}/huge-max-bytes.xml:1:148: error: attribute 'maxBytes' of <algo> must be an unsigned 64-bit integer, got '18446744073709551616'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/huge-number.xml 2>&1 | FileCheck %s --check-prefix=HUGE_NUMBER
// HUGE_NUMBER: {{.*}}/huge-number.xml:10:25: error: attribute 'i_chunks' of <gpu> is 99999999999999999999999, outside [0, 32768]: the executor's offsets are int16
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/local-reduce.xml 2>&1 | FileCheck %s --check-prefix=LOCAL_REDUCE
// LOCAL_REDUCE: {{.*}}/local-reduce.xml:15:7: error: step 1 (re) of threadblock 1 of gpu 0 combines chunk 0 with the contributions of rank 1, received by step 2 (r) of threadblock 0 of gpu 0, but gpu 0 sent the chunk in between; as transfers, the contribution would have been part of it
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/malformed-number.xml 2>&1 | FileCheck %s --check-prefix=MALFORMED_NUMBER
// MALFORMED_NUMBER: {{.*}}/malformed-number.xml:4:49: error: attribute 'srcoff' of <step> must be an integer, got '0x1'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/missing-algo-attribute.xml 2>&1 | FileCheck %s --check-prefix=MISSING_ALGO_ATTRIBUTE
// MISSING_ALGO_ATTRIBUTE: {{.*}}/missing-algo-attribute.xml:1:1: error: <algo> has no attribute 'coll'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/missing-attribute.xml 2>&1 | FileCheck %s --check-prefix=MISSING_ATTRIBUTE
// MISSING_ATTRIBUTE: {{.*}}/missing-attribute.xml:5:7: error: <step> has no attribute 'cnt'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/nchunksperloop.xml 2>&1 | FileCheck %s --check-prefix=NCHUNKSPERLOOP
// NCHUNKSPERLOOP: {{.*}}/nchunksperloop.xml:1:68: error: nchunksperloop 4 is not a multiple of ngpus 3: allgather splits its buffers into ngpus * k chunks
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/ngpus-mismatch.xml 2>&1 | FileCheck %s --check-prefix=NGPUS_MISMATCH
// NGPUS_MISMATCH: {{.*}}/ngpus-mismatch.xml:1:78: error: ngpus is 3 but <algo> has 2 <gpu> elements
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/not-algo.xml 2>&1 | FileCheck %s --check-prefix=NOT_ALGO
// NOT_ALGO: {{.*}}/not-algo.xml:2:1: error: expected <algo> as the root element, found <program>
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/offset-int16.xml 2>&1 | FileCheck %s --check-prefix=OFFSET_INT16
// OFFSET_INT16: {{.*}}/offset-int16.xml:5:47: error: attribute 'srcoff' of <step> is 40000, outside [-1, 32767]: the executor's offsets are int16
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/offset-range.xml 2>&1 | FileCheck %s --check-prefix=OFFSET_RANGE
// OFFSET_RANGE: {{.*}}/offset-range.xml:7:69: error: dstoff 1 with cnt 3 is outside dstbuf 'o' of 3 chunks
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/reduce-chunk-mismatch.xml 2>&1 | FileCheck %s --check-prefix=REDUCE_CHUNK_MISMATCH
// REDUCE_CHUNK_MISMATCH: {{.*}}/reduce-chunk-mismatch.xml:12:7: error: step 1 (rrc) of threadblock 0 of gpu 1 reduces chunk 0 with the contributions of rank 0 with o[1], which holds chunk 1
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/reduce-twice.xml 2>&1 | FileCheck %s --check-prefix=REDUCE_TWICE
// REDUCE_TWICE: {{.*}}/reduce-twice.xml:6:7: error: step 2 (rrc) of threadblock 0 of gpu 0 counts a contribution twice: it reduces chunk 0 with the contributions of ranks {0, 1} into o[0] holding chunk 0 with the contributions of rank 0
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/root-ambiguous.xml 2>&1 | FileCheck %s --check-prefix=ROOT_AMBIGUOUS
// ROOT_AMBIGUOUS: {{.*}}/root-ambiguous.xml:1:1: error: cannot tell the root of the broadcast: 2 gpus never receive; give the root gpu (--msccl-root)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/scratch-int16.xml 2>&1 | FileCheck %s --check-prefix=SCRATCH_INT16
// SCRATCH_INT16: {{.*}}/scratch-int16.xml:2:51: error: attribute 's_chunks' of <gpu> is 40000, outside [0, 32768]: the executor's offsets are int16
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/self-send.xml 2>&1 | FileCheck %s --check-prefix=SELF_SEND
// SELF_SEND: {{.*}}/self-send.xml:11:22: error: threadblock 0 of gpu 1 sends to its own gpu
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/send-no-data.xml 2>&1 | FileCheck %s --check-prefix=SEND_NO_DATA
// SEND_NO_DATA: {{.*}}/send-no-data.xml:5:7: error: step 1 (s) of threadblock 0 of gpu 0 sends data it does not hold
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/send-without-peer.xml 2>&1 | FileCheck %s --check-prefix=SEND_WITHOUT_PEER
// SEND_WITHOUT_PEER: {{.*}}/send-without-peer.xml:5:25: error: step type 's' sends, but its threadblock has send="-1"
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/small-buffer.xml 2>&1 | FileCheck %s --check-prefix=SMALL_BUFFER
// SMALL_BUFFER: {{.*}}/small-buffer.xml:20:71: error: dstoff 2 with cnt 1 is outside dstbuf 'o' of 2 chunks
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/step-id-order.xml 2>&1 | FileCheck %s --check-prefix=STEP_ID_ORDER
// STEP_ID_ORDER: {{.*}}/step-id-order.xml:7:16: error: <step> s 4 out of order; expected 3 (steps are 0..n-1 in order within a threadblock)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/tb-id-order.xml 2>&1 | FileCheck %s --check-prefix=TB_ID_ORDER
// TB_ID_ORDER: {{.*}}/tb-id-order.xml:11:13: error: <tb> id 1 out of order; expected 0 (ids are 0..n-1 in order within a gpu)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/text-content.xml 2>&1 | FileCheck %s --check-prefix=TEXT_CONTENT
// TEXT_CONTENT: {{.*}}/text-content.xml:10:3: error: unexpected text 'h' inside <algo> (only elements, comments and whitespace)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/too-many-steps.xml 2>&1 | FileCheck %s --check-prefix=TOO_MANY_STEPS
// TOO_MANY_STEPS: {{.*}}/too-many-steps.xml:68:7: error: threadblock 0 of gpu 0 has more than 64 steps, the executor's limit
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/too-many-threadblocks.xml 2>&1 | FileCheck %s --check-prefix=TOO_MANY_THREADBLOCKS
// TOO_MANY_THREADBLOCKS: {{.*}}/too-many-threadblocks.xml:67:5: error: more than 32 threadblocks on channel 0 of gpu 0, the executor's limit
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/truncated.xml 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: {{.*}}/truncated.xml:23:81: error: unexpected end of the file in the start tag of <step>
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/two-roots.xml 2>&1 | FileCheck %s --check-prefix=TWO_ROOTS
// TWO_ROOTS: {{.*}}/two-roots.xml:27:1: error: a second root element; an XML document has one
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unexpected-element.xml 2>&1 | FileCheck %s --check-prefix=UNEXPECTED_ELEMENT
// UNEXPECTED_ELEMENT: {{.*}}/unexpected-element.xml:10:3: error: unexpected <copy> in <algo>; expected <gpu>
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unknown-buffer.xml 2>&1 | FileCheck %s --check-prefix=UNKNOWN_BUFFER
// UNKNOWN_BUFFER: {{.*}}/unknown-buffer.xml:5:36: error: unknown buffer 'x' in attribute 'srcbuf'; expected 'i', 'o' or 's'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unknown-coll.xml 2>&1 | FileCheck %s --check-prefix=UNKNOWN_COLL
// UNKNOWN_COLL: {{.*}}/unknown-coll.xml:1:87: error: coll 'alltoallv' has no tacos collective; expected allgather, reducescatter, allreduce, alltoall, broadcast, reduce, gather or scatter
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unknown-proto.xml 2>&1 | FileCheck %s --check-prefix=UNKNOWN_PROTO
// UNKNOWN_PROTO: {{.*}}/unknown-proto.xml:1:30: error: unknown protocol 'LL64'; expected 'Simple', 'LL' or 'LL128'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unknown-type.xml 2>&1 | FileCheck %s --check-prefix=UNKNOWN_TYPE
// UNKNOWN_TYPE: {{.*}}/unknown-type.xml:6:25: error: unknown step type 'rsc'; expected s, r, rcs, rrs, rrc, rrcs, re, cpy or nop
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unpaired-recv.xml 2>&1 | FileCheck %s --check-prefix=UNPAIRED_RECV
// UNPAIRED_RECV: {{.*}}/unpaired-recv.xml:8:7: error: unpaired receive: gpu 0 receives 3 messages on gpu 2 -> gpu 0 on channel 0, but gpu 2 sends 2
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unpaired-send.xml 2>&1 | FileCheck %s --check-prefix=UNPAIRED_SEND
// UNPAIRED_SEND: {{.*}}/unpaired-send.xml:8:7: error: unpaired send: gpu 0 -> gpu 1 on channel 0 carries 3 messages, but gpu 1 receives 2
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/unquoted.xml 2>&1 | FileCheck %s --check-prefix=UNQUOTED
// UNQUOTED: {{.*}}/unquoted.xml:1:77: error: expected a quoted value for attribute 'ngpus', found '3'
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/wrong-nesting.xml 2>&1 | FileCheck %s --check-prefix=WRONG_NESTING
// WRONG_NESTING: {{.*}}/wrong-nesting.xml:8:3: error: </gpu> closes <tb> (opened at 3:5)
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/wrong-result.xml 2>&1 | FileCheck %s --check-prefix=WRONG_RESULT
// WRONG_RESULT: {{.*}}/wrong-result.xml:10:3: error: the program does not compute the allgather: gpu 1 ends with o[0] holding chunk 2 with the contributions of rank 2; it must hold chunk 0 with the contributions of rank 0
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/missing-own-chunk.xml 2>&1 | FileCheck %s --check-prefix=MISSING_OWN_CHUNK
// MISSING_OWN_CHUNK: {{.*}}/missing-own-chunk.xml:3:3: error: the program does not compute the allgather: gpu 0 ends with o[0] holding no data; it must hold chunk 0 with the contributions of rank 0
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/buffer-too-small.xml 2>&1 | FileCheck %s --check-prefix=BUFFER_TOO_SMALL
// BUFFER_TOO_SMALL: {{.*}}/buffer-too-small.xml:3:3: error: gpu 0 has i_chunks=1 and o_chunks=4, but allgather with k=2 chunks per rank needs 2 and 4
// RUN: not tacos-translate --import-msccl-xml %S/Inputs/bad-xml/too-large.xml 2>&1 | FileCheck %s --check-prefix=TOO_LARGE
// TOO_LARGE: {{.*}}/too-large.xml:2:1: error: the program is too large to import: 490000 chunks on 700 gpus (at most 268435456 chunk placements)
