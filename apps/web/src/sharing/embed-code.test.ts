import { describe, expect, it } from 'vitest';
import { EMBED_SIZES, embedCode } from './embed-code.js';

const URL = 'https://catchment.example/app/iframe/Ab3_x-9';

describe('embedCode', () => {
  it('gives an iframe of the map at the size asked for', () => {
    expect(embedCode(URL, 'Stores', 'small')).toBe(
      '<iframe src="https://catchment.example/app/iframe/Ab3_x-9" title="Stores" width="480" height="360" style="border:0" loading="lazy" allowfullscreen></iframe>',
    );
    expect(embedCode(URL, 'Stores', 'large')).toContain('width="1200" height="800"');
    expect(embedCode(URL, 'Stores', 'fullWidth')).toContain('width="100%" height="600"');
  });

  it('has a different code for each size', () => {
    expect(new Set(EMBED_SIZES.map((size) => embedCode(URL, 'Stores', size))).size).toBe(EMBED_SIZES.length);
  });

  it('keeps a title with quotes or markup inside its attribute', () => {
    expect(embedCode(URL, 'Shops "A&B" <Lyon>', 'medium')).toContain('title="Shops &quot;A&amp;B&quot; &lt;Lyon&gt;"');
  });
});
