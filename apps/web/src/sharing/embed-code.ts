/**
 * The HTML a site pastes to show a map in its pages: an <iframe> of the map's embeddable view
 * (/app/iframe/{accessId}) at one of a few sizes. The view shows public maps only, as the site's
 * visitors have no session of ours.
 */

export const EMBED_SIZES = ['small', 'medium', 'large', 'fullWidth'] as const;
export type EmbedSize = (typeof EMBED_SIZES)[number];

/** Width and height of each size, as the iframe's attributes take them (pixels, or a percentage of the page's width). */
export const EMBED_DIMENSIONS: Record<EmbedSize, { width: string; height: string }> = {
  small: { width: '480', height: '360' },
  medium: { width: '800', height: '600' },
  large: { width: '1200', height: '800' },
  fullWidth: { width: '100%', height: '600' },
};

/** Text made safe inside a double-quoted HTML attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <iframe> element for `url`, titled with the map's title (what screen readers announce for the frame). */
export function embedCode(url: string, title: string, size: EmbedSize): string {
  const { width, height } = EMBED_DIMENSIONS[size];
  return `<iframe src="${attribute(url)}" title="${attribute(title)}" width="${width}" height="${height}" style="border:0" loading="lazy" allowfullscreen></iframe>`;
}
