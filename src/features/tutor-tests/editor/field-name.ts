import { useLingui } from '@lingui/react/macro';

/** Where a field of the draft is, for people: `blocks.0.questions.1.options.2.text.pl` → "Block 1 › Question 2 › Option C". */
export function useFieldName(): (path: string) => string {
  const { t } = useLingui();
  return (path) => {
    const parts = path.split('.');
    const names: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      const index = Number(parts[i + 1]);
      const at = index + 1;
      if (part === 'blocks' && Number.isInteger(index)) {
        names.push(t`Block ${at}`);
        i++;
      } else if (part === 'questions' && Number.isInteger(index)) {
        names.push(t`Question ${at}`);
        i++;
      } else if (part === 'options' && Number.isInteger(index)) {
        const letter = String.fromCharCode(65 + index);
        names.push(t`Option ${letter}`);
        i++;
      } else {
        const named: Record<string, string> = {
          title: t`Title`,
          description: t`Description`,
          duration_seconds: t`Duration`,
          subject: t`Subject`,
          specialization: t`Specialization`,
          languages: t`Languages`,
          blocks: t`Blocks`,
          questions: t`Questions`,
          options: t`Options`,
          explanation: t`Explanation`,
          accepted: t`Accepted answers`,
          correct_option: t`Correct answer`,
          correct_options: t`Correct answers`,
          correct_number: t`Correct number`,
          points: t`Points`,
          image: t`Picture`,
          alt: t`Description of the picture`,
          images: t`Pictures`,
          draw: t`Pool`,
          count: t`Questions each taker gets`,
        };
        const name = named[part];
        if (name) names.push(name);
      }
    }
    return names.join(' › ');
  };
}
