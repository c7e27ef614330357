import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DraftImage, DraftText } from '../../../../contract/tutor-tests.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { ImagePicker } from './ImagePicker.tsx';
import { LanguageTexts } from './LanguageTexts.tsx';

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

function Texts({ initial }: { initial: DraftText }) {
  const [value, setValue] = useState(initial);
  return (
    <LanguageTexts
      label="Question"
      path="blocks.0.questions.0.text"
      value={value}
      languages={['en', 'uk']}
      onChange={setValue}
      multiline
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a text in each of the test’s languages', () => {
  it('shows the primary text beside a translation and marks the one missing', () => {
    renderWithI18n(<Texts initial={{ en: 'Half of 8?' }} />);
    const uk = screen.getByLabelText('Question (Ukrainian)');
    expect(uk.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Translation missing').id).toBe(uk.getAttribute('aria-describedby'));
    // The primary text is shown beside the translation, in its own language.
    expect(screen.getByText('Half of 8?', { selector: 'p' }).getAttribute('lang')).toBe('en');
    fireEvent.change(uk, { target: { value: 'Половина від 8?' } });
    expect(uk.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Translation missing')).toBeNull();
  });

  it('previews a formula as MathML and says why one does not parse', async () => {
    renderWithI18n(<Texts initial={{ en: 'Solve \\(x^2 = 4\\)', uk: 'Розв’яжіть \\(\\frac{1}{\\)' }} />);
    await waitFor(() => expect(document.querySelector('.language-texts__preview math')).not.toBeNull());
    expect((await screen.findByText(/^This formula cannot be read:/)).textContent).toMatch(/end of input/);
    expect(screen.getByText('\\(\\frac{1}{\\)').closest('.tex-error')).not.toBeNull();
  });
});

function Picker({ onChange }: { onChange: (image: DraftImage | null) => void }) {
  const [image, setImage] = useState<DraftImage | null>(null);
  return (
    <ImagePicker
      image={image}
      path="blocks.0.questions.0"
      name="Question 1 of block 1"
      languages={['en']}
      onChange={(next) => {
        setImage(next);
        onChange(next);
      }}
    />
  );
}

describe('the picture of a question', () => {
  it('refuses a file that is no picture, whatever its name, without sending it', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithI18n(<Picker onChange={vi.fn()} />);
    const input = screen.getByLabelText('Picture for Question 1 of block 1 (optional)');
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a not a png'], 'photo.png', { type: 'image/png' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('This is not a PNG, JPEG, WebP or AVIF picture');
    fireEvent.change(input, { target: { files: [new File([], 'empty.png')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('The file is empty.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uploads a picture and asks for its description', async () => {
    const id = 'a'.repeat(64);
    // What was sent is read as it is sent: the client lets go of a request's body once answered.
    let sentBody: unknown = null;
    const fetch = vi.fn(async (request: Request) => {
      sentBody = await request.clone().json();
      return Response.json(
        { data: { id, type: 'image/png', bytes: PNG.length, url: `/v1/images/${id}` } },
        { status: 201 },
      );
    });
    vi.stubGlobal('fetch', fetch);
    const onChange = vi.fn();
    renderWithI18n(<Picker onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Picture for Question 1 of block 1 (optional)'), {
      target: { files: [new File([PNG], 'dot.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ id, alt: {} }));
    const [request] = fetch.mock.calls[0] as unknown as [Request];
    expect([request.method, new URL(request.url).pathname]).toEqual(['POST', '/v1/tutor/images']);
    expect(sentBody).toEqual({ name: 'dot.png', data: btoa(String.fromCharCode(...PNG)) });
    expect(screen.getByLabelText('Description of the picture of Question 1 of block 1 (English)').tagName).toBe(
      'INPUT',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove the picture of Question 1 of block 1' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
