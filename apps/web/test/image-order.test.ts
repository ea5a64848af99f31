import { describe, expect, it } from 'vitest';
import { moveImage } from '../src/shared/components/upload/move';

describe('moving a goods image (the first is the cover)', () => {
  const images = ['/a.png', '/b.png', '/c.png'];

  it('moves an image one place earlier or later', () => {
    expect(moveImage(images, 1, -1)).toEqual(['/b.png', '/a.png', '/c.png']);
    expect(moveImage(images, 1, 1)).toEqual(['/a.png', '/c.png', '/b.png']);
    expect(images).toEqual(['/a.png', '/b.png', '/c.png']);
  });

  it('leaves the list as it is at either end or for an index outside it', () => {
    expect(moveImage(images, 0, -1)).toEqual(images);
    expect(moveImage(images, 2, 1)).toEqual(images);
    expect(moveImage(images, 5, -1)).toEqual(images);
  });
});
