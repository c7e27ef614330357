import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { IMAGE_LIMITS, IMAGE_TYPES, imageUrl, sniffImageType } from '../../../../contract/images.ts';
import type { DraftImage } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { isApiError } from '../../../shared/api/index.ts';
import { base64Of } from '../../../shared/files/base64-of.ts';
import { useAction } from '../../../shared/forms/use-action.ts';
import { errorText } from '../../../shared/ui/error-text.ts';
import { uploadImage } from '../tutor-tests-api.ts';
import { fieldId } from './field-id.ts';
import { LanguageTexts } from './LanguageTexts.tsx';

interface ImagePickerProps {
  image: DraftImage | null | undefined;
  /** The path of the question or option in the draft. */
  path: string;
  /** "Question 1 of block 1", for the labels. */
  name: string;
  languages: readonly Locale[];
  onChange: (image: DraftImage | null) => void;
}

/**
 * One picture for a question or an option: uploaded when chosen (its type read from its bytes here
 * first, then by the server), shown small, with its description in every language of the test.
 */
export function ImagePicker({ image, path, name, languages, onChange }: ImagePickerProps) {
  const { t, i18n } = useLingui();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { busy: uploading, run, failure, clear } = useAction();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    clear();
    if (file.size === 0) return setProblem(t`The file is empty.`);
    if (file.size > IMAGE_LIMITS.bytes) return setProblem(t`A picture may be at most 1 MB.`);
    if (!sniffImageType(new Uint8Array(await file.slice(0, 64).arrayBuffer()))) {
      return setProblem(t`This is not a PNG, JPEG, WebP or AVIF picture, whatever its name says.`);
    }
    const stored = await run(async () => uploadImage(file.name, await base64Of(file)), { saidInForm: true });
    if (stored) onChange({ id: stored.id, alt: image?.alt ?? {} });
  };
  // The picker's own checks first, then the upload's failure, said beside the picker.
  const said =
    problem ??
    (failure === null
      ? null
      : isApiError(failure) && failure.kind === 'network'
        ? t`Pictures are added with a connection: try again when you are online.`
        : errorText(i18n, failure));

  return (
    <div className="image-picker" id={fieldId(`${path}.image`)} tabIndex={-1}>
      {image ? (
        <>
          <img className="image-picker__preview" src={imageUrl(image.id)} alt="" />
          <LanguageTexts
            label={t`Description of the picture of ${name}`}
            path={`${path}.image.alt`}
            value={image.alt}
            languages={languages}
            onChange={(alt) => onChange({ ...image, alt })}
          />
          <button type="button" className="button button--secondary" onClick={() => onChange(null)}>
            {t`Remove the picture of ${name}`}
          </button>
        </>
      ) : (
        <>
          <label htmlFor={inputId}>{t`Picture for ${name} (optional)`}</label>
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            disabled={uploading}
            onChange={(event) => {
              const input = event.currentTarget;
              void choose(input.files?.[0]).finally(() => {
                input.value = '';
              });
            }}
          />
          <p className="question-editor__hint">{t`PNG, JPEG, WebP or AVIF, at most 1 MB.`}</p>
        </>
      )}
      {uploading && <p role="status">{t`Uploading the picture…`}</p>}
      {said && (
        <p className="language-texts__missing" role="alert">
          {said}
        </p>
      )}
    </div>
  );
}
