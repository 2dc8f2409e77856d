/** The absolute addresses a map is shared by: its page in the app, and its embeddable view. */
import { useHref } from 'react-router';

export interface ShareUrls { mapUrl: string; embedUrl: string }

export function useShareUrls(accessId: string): ShareUrls {
  // useHref adds the app's base path (/app), as links inside the app have it.
  const mapPath = useHref(`/map/${encodeURIComponent(accessId)}`);
  const embedPath = useHref(`/iframe/${encodeURIComponent(accessId)}`);
  return { mapUrl: new URL(mapPath, window.location.origin).href, embedUrl: new URL(embedPath, window.location.origin).href };
}
