import { describe, expect, it } from 'vitest';
import { checkIconUpload, filterIconNames, isFileIcon } from './check';

describe('icon chooser checks (SPEC §5 Icon)', () => {
  it('accepts png, jpg, jpeg and gif up to 10M; refuses other types first, then the size', () => {
    expect(checkIconUpload({ name: 'a.PNG', type: 'image/png', size: 10 })).toBeNull();
    expect(checkIconUpload({ name: 'a.jpeg', type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkIconUpload({ name: 'a.gif', type: 'image/gif', size: 1 })).toBeNull();
    expect(checkIconUpload({ name: 'a.webp', type: 'image/webp', size: 1 })).toBe('imageType');
    expect(checkIconUpload({ name: 'a.svg', type: 'image/svg+xml', size: 1 })).toBe('imageType');
    expect(checkIconUpload({ name: 'a.png', type: '', size: 1 })).toBe('imageType');
    expect(checkIconUpload({ name: 'a.bmp', type: 'image/bmp', size: 20 * 1024 * 1024 })).toBe('imageType');
    expect(checkIconUpload({ name: 'a.png', type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('tells uploaded icons from names and filters names case-insensitively', () => {
    expect(isFileIcon('file:abc')).toBe(true);
    expect(isFileIcon('HomeOutlined')).toBe(false);
    expect(isFileIcon(undefined)).toBe(false);
    expect(filterIconNames(['HomeOutlined', 'HomeFilled', 'UserOutlined'], 'HOME')).toEqual(['HomeOutlined', 'HomeFilled']);
    expect(filterIconNames(['A', 'B'], '  ')).toEqual(['A', 'B']);
  });
});
