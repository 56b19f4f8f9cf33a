/**
 * The Piscina worker entry: generates and encodes one chunk, and hands the bytes back by transferring
 * their buffer instead of copying it.
 */
import { move } from 'piscina';
import { type ChunkTask, encodeChunk } from './output/encode.js';

const encoder = new TextEncoder();

/** Runs one chunk task; the result's ArrayBuffer is moved to the main thread. */
export default function generateTask(task: ChunkTask): ArrayBuffer {
  const bytes = encoder.encode(encodeChunk(task));
  return move(bytes.buffer as ArrayBuffer) as unknown as ArrayBuffer;
}
