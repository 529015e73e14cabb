import { request } from '@playwright/test';
import sharp from 'sharp';
import { validAnswers } from '../../../src/server/testing/application-answers.ts';
import { expect } from './test.ts';
import type { StorageState } from './sessions.ts';

// Pastors for the portal's specs, made through the API (the application form has its own
// spec): a whole pastor application, and an admin's decision.

const png = () =>
  sharp({ create: { width: 500, height: 150, channels: 4, background: '#00000000' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#7b5236' } })
    .jpeg()
    .toBuffer();

/** Applies as a pastor; returns the application's id. */
export async function applyAsPastor(
  baseURL: string,
  state: StorageState,
  answers: { full_name: string; email: string; pastor_type: 'lay' | 'full-time' },
): Promise<string> {
  const api = await request.newContext({
    baseURL,
    storageState: state,
    extraHTTPHeaders: { origin: baseURL },
  });
  try {
    const upload = async (kind: string, name: string, mimeType: string, buffer: Buffer) => {
      const res = await api.post('/api/workers/files', {
        multipart: { kind, file: { name, mimeType, buffer } },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const photo = await upload('passport_photo', 'me.jpg', 'image/jpeg', await jpeg());
    const signature = await upload('signature', 'signature.png', 'image/png', await png());
    const res = await api.post('/api/workers/applications', {
      data: {
        role: 'pastor',
        answers: validAnswers('pastor', { ...answers, passport_photo: photo }),
        agree_terms: true,
        signature,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  } finally {
    await api.dispose();
  }
}

export async function approve(baseURL: string, adminState: StorageState, applicationId: string) {
  const api = await request.newContext({
    baseURL,
    storageState: adminState,
    extraHTTPHeaders: { origin: baseURL },
  });
  try {
    const res = await api.post(`/api/admin/applications/${applicationId}/decision`, {
      data: { status: 'approved' },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
