import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './harness.ts';

// The sample content the apps under test start with (content/*.json).

export interface SampleSermon {
  id: string;
  title: string;
  videoId: string;
}

export const sampleSermons: SampleSermon[] = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'content/sermons.json'), 'utf8'),
).sermons;

export interface SampleDay {
  day: number;
  title: string;
  documentUrl?: string | null;
}

export const sampleWeek: { id: number; title: string; days: SampleDay[] } = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'content/devotional.json'), 'utf8'),
).weeks[0];

/** A 1×1 PNG, standing in for the video platform's thumbnails (the machine is offline). */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What a stand-in for a third-party frame shows. */
export const frameStandIn = (label: string) =>
  `<!doctype html><meta charset="utf-8"><title>${label}</title><p>${label}</p>`;
