/**
 * The full result as a stream: the response body is read chunk by chunk (each read yields to the
 * page, so it stays responsive), counted for progress, and either written straight to a file the
 * person picked (File System Access API, where the browser has it) or gathered into a Blob that is
 * saved through a download link. Nothing is decoded or parsed on the way.
 */

/** Progress so far: bytes read, lines (records of CSV and NDJSON) and the records the response holds. */
export interface Progress {
  bytes: number;
  lines: number;
  totalRecords: number | undefined;
}

/** The File System Access API's save dialog (Chromium), which TypeScript's DOM types lack. */
type SavePicker = (options: { suggestedName: string }) => Promise<FileSystemFileHandle>;

/** The browser's save dialog, when it has one. */
export function savePicker(): SavePicker | undefined {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(window) : undefined;
}

const LF = 10;
const REPORT_EVERY_MS = 100;

/** Counts line feeds in a chunk. */
function countLines(chunk: Uint8Array): number {
  let lines = 0;
  for (let at = chunk.indexOf(LF); at !== -1; at = chunk.indexOf(LF, at + 1)) lines++;
  return lines;
}

/**
 * Reads `response` to its end, reporting progress at most every 100 ms, into `file` or a Blob.
 * Aborting the request's signal stops the read (and the generation on the server).
 */
export async function streamDownload(
  response: Response,
  onProgress: (progress: Progress) => void,
  file?: FileSystemFileHandle,
): Promise<{ blob: Blob | undefined; progress: Progress }> {
  const total = Number(response.headers.get('X-Meta-Total-Records'));
  const progress: Progress = {
    bytes: 0,
    lines: 0,
    totalRecords: Number.isFinite(total) && total > 0 ? total : undefined,
  };
  const writable = file ? await file.createWritable() : undefined;
  const chunks: Uint8Array[] = [];
  const reader = response.body!.getReader();
  let reported = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      progress.bytes += value.byteLength;
      progress.lines += countLines(value);
      if (writable) await writable.write(value as Uint8Array<ArrayBuffer>);
      else chunks.push(value);
      const now = performance.now();
      if (now - reported >= REPORT_EVERY_MS) {
        reported = now;
        onProgress({ ...progress });
      }
    }
  } catch (error) {
    await writable?.abort();
    throw error;
  }
  await writable?.close();
  onProgress({ ...progress });
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { blob: writable ? undefined : new Blob(chunks as Uint8Array<ArrayBuffer>[], { type }), progress };
}

/** The file name the server gives in Content-Disposition (`filename*=UTF-8''…`), if any. */
export function suggestedName(response: Response): string | undefined {
  const match = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('Content-Disposition') ?? '');
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!).replace(/[\\/:*?"<>|]/g, '_');
  } catch {
    return undefined;
  }
}

/** Saves a Blob under `name` through a temporary download link. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the Blob by now; a minute is ample for it to finish.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `12.3 MB`-style size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
