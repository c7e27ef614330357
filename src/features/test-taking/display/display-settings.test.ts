import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY, readDisplay } from './display-settings.ts';

const stored = (value: string | null) => ({ getItem: () => value });

describe('the display settings kept on the device', () => {
  it('read back what was kept, and the defaults for anything else', () => {
    expect(readDisplay(stored(null))).toEqual(DEFAULT_DISPLAY);
    expect(readDisplay(stored('{"highContrast":true,"announceTime":false}'))).toEqual({
      ...DEFAULT_DISPLAY,
      highContrast: true,
      announceTime: false,
    });
    expect(readDisplay(stored('{"largeText":"yes"}'))).toEqual(DEFAULT_DISPLAY);
    expect(readDisplay(stored('not json'))).toEqual(DEFAULT_DISPLAY);
  });
});
