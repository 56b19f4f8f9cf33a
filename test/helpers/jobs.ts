/** Helpers for job tests: submit a job and wait for it to end. */
import type { TestServer } from './app.js';

export interface JobObject {
  job_id: string;
  status: string;
  records_total: number;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  error?: { code: string; message: string };
  data?: Record<string, unknown>;
  sql?: string;
  meta?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Polls the job until it completes or fails (or `timeoutMs` passes). */
export async function waitForJob(
  server: TestServer,
  key: string,
  id: string,
  timeoutMs = 30_000,
): Promise<JobObject> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request(`/api/v1/jobs/${id}`, { key });
    if (response.status !== 200)
      throw new Error(`GET job ${id}: ${response.status} ${await response.text()}`);
    const job = (await response.json()) as JobObject;
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Submits `body` as a job; its 202 answer. */
export async function submitJob(server: TestServer, key: string, body: unknown) {
  const response = await server.request('/api/v1/generate/async', { key, json: body });
  if (response.status !== 202) throw new Error(`async: ${response.status} ${await response.text()}`);
  return (await response.json()) as {
    job_id: string;
    status: string;
    poll_url: string;
    records_total: number;
  };
}
