// An image file rather than inline SVG: the drawing stays out of the first page's JavaScript.
import heroArt from './hero-art.svg?no-inline';

/** A calm illustration beside the pitch: a test card with a timer. Decoration, so its alt text is empty. */
export function HeroArt() {
  return <img className="hero__art" src={heroArt} alt="" width="320" height="260" />;
}
