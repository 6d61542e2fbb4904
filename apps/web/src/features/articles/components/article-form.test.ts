import type { Article } from '@tally/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toFormValues, toSaveBody } from './article-form';

const stored: Article = {
  id: 7,
  title: 'T',
  summary: 'S',
  cover: '/uploads/a.png',
  content: '<p>x</p>',
  status: 'published',
  pinned: true,
  category_id: 3,
  category_name: 'C',
  publish_at: '2026-05-01T08:30:00.000Z',
  views: 0,
  author_id: 1,
  author_name: 'admin',
  created_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
};

describe('article form values', () => {
  it('round-trips a stored article into the save body', () => {
    const values = toFormValues(stored);
    expect(values.publish_at?.toISOString()).toBe(stored.publish_at);
    expect(toSaveBody(values, 7)).toEqual({
      id: 7,
      title: 'T',
      summary: 'S',
      cover: '/uploads/a.png',
      content: '<p>x</p>',
      status: 'published',
      pinned: true,
      category_id: 3,
      publish_at: '2026-05-01T08:30:00.000Z',
    });
  });

  it('starts a new article as an empty draft, published now when no time is chosen', () => {
    const values = toFormValues(undefined);
    expect(values).toMatchObject({ title: '', status: 'draft', pinned: false, publish_at: null });
    const body = toSaveBody({ ...values, category_id: undefined }, undefined);
    expect(body).toMatchObject({ id: undefined, category_id: null, publish_at: null, content: '' });
  });

  it('sends a chosen time with its offset as an ISO instant', () => {
    const at = dayjs('2030-01-02T03:04:00+08:00');
    expect(toSaveBody({ ...toFormValues(undefined), publish_at: at }, undefined).publish_at).toBe(
      '2030-01-01T19:04:00.000Z',
    );
  });
});
