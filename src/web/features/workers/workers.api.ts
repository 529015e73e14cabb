import { useQuery } from '@tanstack/react-query';
import { m } from '../../../paraglide/messages.js';
import type { Answers } from '../../../shared/workers/fields.ts';
import type { WorkerStatus } from '../../../shared/workers/responses.ts';
import type { UploadKind } from '../../../shared/workers/uploads.ts';
import { ApiError, apiFetch } from '../../api.ts';
import { workersApiPaths } from './workers.paths.ts';

export const workerStatusQueryKey = ['workers', 'status'] as const;

/** The member's latest application decides /workers (spec §2 Workers portal). */
export function useWorkerStatus(enabled: boolean) {
  return useQuery({
    queryKey: workerStatusQueryKey,
    queryFn: ({ signal }) => apiFetch<WorkerStatus>(workersApiPaths.workersStatus, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function enterWorkersGate(body: { email?: string; password: string }) {
  return apiFetch<{ ok: true }>(workersApiPaths.workersGate, { method: 'POST', body });
}

export interface SubmitBody {
  role: string;
  answers: Answers;
  agree_terms: true;
  signature: string;
}

export function submitApplication(body: SubmitBody) {
  return apiFetch<{ id: string; status: 'pending' }>(workersApiPaths.workersApplications, {
    method: 'POST',
    body,
  });
}

/**
 * Uploads a photo or the signature, reporting progress (fetch cannot, on a slow line a
 * member wants to see it move). Resolves to the stored file's id; rejects with an ApiError.
 */
export function uploadFile(
  kind: UploadKind,
  file: Blob,
  fileName: string,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('kind', kind);
    form.append('file', file, fileName);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', workersApiPaths.workersFiles);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { id?: string; error?: { code: string; message: string } };
      if (xhr.status === 201 && body?.id) return resolve(body.id);
      reject(
        new ApiError(
          xhr.status,
          body?.error?.code ?? `HTTP_${xhr.status}`,
          body?.error?.message ?? m.workers_upload_failed(),
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', m.workers_upload_network()));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
