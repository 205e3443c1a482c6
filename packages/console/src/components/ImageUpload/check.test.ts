import { describe, expect, it } from 'vitest';
import { checkImageFile, isAcceptedImage } from './check';
import { checkExcelFile, formatLimit } from '../DataGrid/file-check';

const MB = 1024 * 1024;

describe('image upload check', () => {
  it('accepts raster images up to 10M', () => {
    expect(checkImageFile({ name: 'logo.png', type: 'image/png', size: 10 * MB })).toBeNull();
    expect(checkImageFile({ name: 'a.JPG', type: '', size: 1 })).toBeNull();
  });
  it('refuses SVG and non-images with the image-type message', () => {
    const p = checkImageFile({ name: 'x.svg', type: 'image/svg+xml', size: 10 });
    expect(p?.key).toBe('common:upload.imageType');
    expect(String(p?.params?.types)).toMatch(/^\.png, \.jpg, \.jpeg, \.gif/);
    expect(isAcceptedImage({ name: 'x.pdf', type: 'application/pdf' })).toBe(false);
    expect(isAcceptedImage({ name: 'x.svg', type: '' })).toBe(false);
  });
  it('accepts only the given types when a screen narrows them (SPEC §5 icons: png/jpg/jpeg/gif)', () => {
    const icons = ['image/png', 'image/jpeg', 'image/gif'] as const;
    expect(checkImageFile({ name: 'a.gif', type: 'image/gif', size: 1 }, undefined, icons)).toBeNull();
    expect(checkImageFile({ name: 'a.jpeg', type: '', size: 1 }, undefined, icons)).toBeNull();
    expect(checkImageFile({ name: 'a.webp', type: 'image/webp', size: 1 }, undefined, icons)).toEqual({
      key: 'common:upload.imageType',
      params: { types: '.png, .jpg, .jpeg, .gif' },
    });
    expect(checkImageFile({ name: 'a.bmp', type: '', size: 1 }, undefined, icons)?.key).toBe('common:upload.imageType');
  });
  it('refuses an image over 10M with the size message', () => {
    expect(checkImageFile({ name: 'big.png', type: 'image/png', size: 10 * MB + 1 })).toEqual({ key: 'common:upload.imageTooLarge', params: { size: '10M' } });
  });
});

describe('excel import check', () => {
  it('refuses non-Excel, long names and files over 10M, in that order', () => {
    expect(checkExcelFile({ name: 'a.csv', size: 1 })?.key).toBe('grid:excelOnly');
    expect(checkExcelFile({ name: `${'n'.repeat(47)}.xlsx`, size: 1 })?.key).toBe('grid:fileNameTooLong');
    expect(checkExcelFile({ name: 'a.xlsx', size: 10 * MB + 1 })?.params).toEqual({ size: '10M' });
    expect(checkExcelFile({ name: 'tenants.XLS', size: 10 })).toBeNull();
  });
  it('formats limits like the spec', () => {
    expect(formatLimit(10 * MB)).toBe('10M');
    expect(formatLimit(500 * 1024)).toBe('500K');
  });
});
