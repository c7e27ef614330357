/** Read side of the public catalog, in the language asked for. */

import type { Kysely } from 'kysely';
import type {
  LessonPreview,
  LessonSummary,
  Locale,
  MainPage,
  PageInfo,
  Specialization,
  Subject,
} from '../../../contract/index.ts';
import { askedCount } from '../../../contract/pools.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { KeptBriefly } from './kept-briefly.ts';
import type { LessonVersionStore } from './lesson-versions.ts';
import { type Localized, pick } from './localize.ts';

interface Texts {
  title: Localized;
  description: Localized;
  seo?: { title: Localized; description: Localized } | null;
}

const texts = (json: string) => JSON.parse(json) as Texts;

const LESSON_ID = /^[1-9]\d{0,8}$/;

export class Catalog {
  /** A lesson's page by id or slug: a class opens it together before an exam (see KeptBriefly). */
  private readonly lessonRows: KeptBriefly<string, Awaited<ReturnType<Catalog['readLesson']>>>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    now: () => number,
  ) {
    this.lessonRows = new KeptBriefly(now);
  }

  private publishedLessons() {
    return (
      this.db
        .selectFrom('lessons')
        .innerJoin('specializations', 'specializations.id', 'lessons.specialization_id')
        .innerJoin('subjects', 'subjects.id', 'specializations.subject_id')
        .where('lessons.published', '=', 1)
        // A tutor's own tests are private: given through assignments, never listed.
        .where('lessons.owner_id', 'is', null)
    );
  }

  async subjects(locale: Locale, audience?: 'student' | 'tutor'): Promise<Subject[]> {
    let query = this.db.selectFrom('subjects').selectAll().orderBy('position').orderBy('id');
    if (audience) query = query.where('audience', '=', audience);
    const [subjects, specs, lessons] = await Promise.all([
      query.execute(),
      this.db.selectFrom('specializations').select(['subject_id']).execute(),
      this.publishedLessons().select(['specializations.subject_id as subject_id']).execute(),
    ]);
    const count = (rows: { subject_id: number }[], id: number) => rows.filter((r) => r.subject_id === id).length;
    return subjects.map((s) => {
      const t = texts(s.texts);
      return {
        id: s.id,
        slug: s.slug,
        audience: s.audience,
        title: pick(t.title, locale),
        description: pick(t.description, locale),
        specialization_count: count(specs, s.id),
        lesson_count: count(lessons, s.id),
      };
    });
  }

  private async findSubject(id?: string, slug?: string) {
    let query = this.db.selectFrom('subjects').selectAll();
    query = id ? query.where('id', '=', Number(id)) : query.where('slug', '=', slug ?? '');
    const subject = await query.executeTakeFirst();
    if (!subject) throw new HttpError(404, phrase('noSuchSubject'));
    return subject;
  }

  private async findSpecialization(subjectId: number, id?: string, slug?: string) {
    let query = this.db.selectFrom('specializations').selectAll().where('subject_id', '=', subjectId);
    query = id ? query.where('id', '=', Number(id)) : query.where('slug', '=', slug ?? '');
    const spec = await query.executeTakeFirst();
    if (!spec) throw new HttpError(404, phrase('noSuchSpecialization'));
    return spec;
  }

  async specializations(locale: Locale, subjectId?: string, subjectSlug?: string): Promise<Specialization[]> {
    const subject = await this.findSubject(subjectId, subjectSlug);
    const [specs, lessons] = await Promise.all([
      this.db
        .selectFrom('specializations')
        .selectAll()
        .where('subject_id', '=', subject.id)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      this.publishedLessons()
        .select(['lessons.specialization_id as spec_id'])
        .where('subjects.id', '=', subject.id)
        .execute(),
    ]);
    return specs.map((s) => {
      const t = texts(s.texts);
      return {
        id: s.id,
        slug: s.slug,
        subject_id: subject.id,
        subject_slug: subject.slug,
        title: pick(t.title, locale),
        description: pick(t.description, locale),
        lesson_count: lessons.filter((l) => l.spec_id === s.id).length,
      };
    });
  }

  async lessons(
    locale: Locale,
    q: { subject_id?: string; subject_slug?: string; subject_spec_id?: string; subject_spec_slug?: string },
  ): Promise<LessonSummary[]> {
    const subject = await this.findSubject(q.subject_id, q.subject_slug);
    const spec = await this.findSpecialization(subject.id, q.subject_spec_id, q.subject_spec_slug);
    const rows = await this.db
      .selectFrom('lessons')
      .selectAll()
      .where('specialization_id', '=', spec.id)
      .where('published', '=', 1)
      .where('owner_id', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const subjectRef = { id: subject.id, slug: subject.slug, title: pick(texts(subject.texts).title, locale) };
    const specRef = { id: spec.id, slug: spec.slug, title: pick(texts(spec.texts).title, locale) };
    return rows.map((l) => {
      const t = texts(l.texts);
      return {
        id: l.id,
        slug: l.slug,
        audience: l.audience,
        title: pick(t.title, locale),
        description: pick(t.description, locale),
        duration_seconds: l.duration_seconds,
        question_count: l.question_count,
        max_score: l.max_score,
        subject: subjectRef,
        specialization: specRef,
      };
    });
  }

  private readLesson(key: string) {
    return (
      this.publishedLessons()
        .selectAll('lessons')
        .select([
          'subjects.id as subject_id',
          'subjects.slug as subject_slug',
          'subjects.texts as subject_texts',
          'specializations.id as spec_id',
          'specializations.slug as spec_slug',
          'specializations.texts as spec_texts',
        ])
        // Only a number that fits an id is one; longer digit runs overflowed PostgreSQL's integer (a 500).
        .where(LESSON_ID.test(key) ? 'lessons.id' : 'lessons.slug', '=', LESSON_ID.test(key) ? Number(key) : key)
        .executeTakeFirst()
    );
  }

  async lesson(locale: Locale, key: string): Promise<LessonPreview> {
    const row = await this.lessonRows.get(key, () => this.readLesson(key));
    if (!row) throw new HttpError(404, phrase('noSuchLesson'));
    const version = await this.versions.get(row.current_version_id);
    const t = texts(row.texts);
    return {
      id: row.id,
      slug: row.slug,
      audience: row.audience,
      title: pick(t.title, locale),
      description: pick(t.description, locale),
      duration_seconds: row.duration_seconds,
      question_count: row.question_count,
      max_score: row.max_score,
      subject: { id: row.subject_id, slug: row.subject_slug, title: pick(texts(row.subject_texts).title, locale) },
      specialization: {
        id: row.spec_id,
        slug: row.spec_slug,
        title: pick(texts(row.spec_texts).title, locale),
      },
      blocks: version.blocks.map((b) => ({
        id: b.id,
        title: pick(b.title, locale),
        // What a taker is asked: a pool's draw, not the questions it draws from.
        question_count: askedCount(b),
      })),
      version: row.current_version_id,
    };
  }

  private pageInfo(t: Texts, locale: Locale): PageInfo {
    const title = pick(t.title, locale);
    const description = pick(t.description, locale);
    return {
      title,
      description,
      seo: {
        title: t.seo ? pick(t.seo.title, locale) : title,
        description: t.seo ? pick(t.seo.description, locale) : description,
      },
    };
  }

  async mainPage(locale: Locale): Promise<MainPage> {
    const site = await this.db.selectFrom('site').select('value').where('key', '=', 'site').executeTakeFirst();
    const [subjects, lessons] = await Promise.all([
      this.db.selectFrom('subjects').select('audience').execute(),
      this.publishedLessons().select('lessons.id').execute(),
    ]);
    const info = site
      ? this.pageInfo(texts(site.value), locale)
      : { title: 'Zalik', description: '', seo: { title: 'Zalik', description: '' } };
    return {
      ...info,
      subject_count: {
        student: subjects.filter((s) => s.audience === 'student').length,
        tutor: subjects.filter((s) => s.audience === 'tutor').length,
      },
      lesson_count: lessons.length,
    };
  }

  async subjectPageInfo(locale: Locale, subjectSlug: string): Promise<PageInfo> {
    const subject = await this.findSubject(undefined, subjectSlug);
    return this.pageInfo(texts(subject.texts), locale);
  }

  async specializationPageInfo(locale: Locale, subjectSlug: string, specSlug: string): Promise<PageInfo> {
    const subject = await this.findSubject(undefined, subjectSlug);
    const spec = await this.findSpecialization(subject.id, undefined, specSlug);
    return this.pageInfo(texts(spec.texts), locale);
  }
}
