import { useLingui } from '@lingui/react/macro';

/** The three steps of a timed test, as a visitor will meet them. */
export function HowItWorks() {
  const { t } = useLingui();
  const steps = [
    {
      title: t`Pick a test`,
      text: t`Choose a subject and a topic. Each test shows how long it runs and how many questions it has before you begin.`,
    },
    {
      title: t`Answer against the clock`,
      text: t`The timer starts when you press Start. Every answer is saved the moment you give it, so a dropped connection loses nothing.`,
    },
    {
      title: t`See your score at once`,
      text: t`When you finish, or the time runs out, you get your score and the correct answer to every question, with explanations.`,
    },
  ];
  return (
    <section id="how-it-works" className="landing__section how" aria-labelledby="how-title" tabIndex={-1}>
      <h2 id="how-title">{t`How a timed test works`}</h2>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step.title} className="steps__item">
            <h3 className="steps__title">{step.title}</h3>
            <p className="steps__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
