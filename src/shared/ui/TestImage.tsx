import { apiAddress, BUILT_API_BASE } from '../../../app-shell/api-origin.ts';
import type { TakerImage } from '../../../contract/online.ts';

/**
 * A picture of a test's question or option, with the tutor's description for those who cannot see
 * it. Its address never changes (it is the SHA-256 of its bytes): the browser and the service
 * worker keep it, so it shows offline once the test's blocks are here.
 */
export function TestImage({ image, className }: { image: TakerImage; className: string }) {
  return (
    <img
      className={`test-image ${className}`}
      src={BUILT_API_BASE ? apiAddress(image.url) : image.url}
      alt={image.alt}
      loading="lazy"
      decoding="async"
    />
  );
}
