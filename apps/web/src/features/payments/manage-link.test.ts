import { describe, expect, it } from 'vitest';
import { manageLinkPath } from './manage-link';

describe('the manage link on the status page', () => {
  it('opens the manage path on this site, whatever host PUBLIC_URL names', () => {
    expect(manageLinkPath('https://book.example.in/manage/AbC-123_x')).toBe('/manage/AbC-123_x');
    expect(manageLinkPath('/manage/token')).toBe('/manage/token');
  });

  it('shows nothing without a link or for any other path', () => {
    expect(manageLinkPath(null)).toBeNull();
    expect(manageLinkPath(undefined)).toBeNull();
    expect(manageLinkPath('')).toBeNull();
    expect(manageLinkPath('https://evil.example/admin/login')).toBeNull();
    expect(manageLinkPath('https://book.example.in/manage/a/b')).toBeNull();
  });
});
