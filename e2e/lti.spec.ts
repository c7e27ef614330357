/**
 * Zalik inside a learning platform (LTI 1.3), against a platform written from 1EdTech's
 * specifications (server/test/lti-platform*.ts), on another site than Zalik (127.0.0.1 and
 * localhost): Zalik's administrator makes a registration address on the platforms page, and the
 * platform registers Zalik by dynamic registration in a frame of its page; a second platform is
 * registered by hand and turned off; a teacher adds an activity by deep linking (a test and its rules) and the
 * platform checks the signed answer; a learner launches it, lands in the assignment signed in as
 * an account made from the platform's claims, and takes the test with the connection cut part way,
 * every answer reaching Zalik's database once it is back; the score is made while the platform is
 * down and reaches its line item once it is back; the teacher's launch lands in the assignment's
 * monitor, which shows the learner and who of the course's roster has not started, and the results
 * say the grade was sent.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createRemoteJWKSet } from 'jose';
import { completeDraft } from '../server/routes/tutor/draft-fixture.ts';
import { LTI } from '../server/services/lti/id-token.ts';
import { TestPlatform } from '../server/test/lti-platform.ts';
import { serveDeepLinkReturn } from '../server/test/lti-platform-deep-links.ts';
import { servePlatformGrades } from '../server/test/lti-platform-grades.ts';
import { servePlatformPages } from '../server/test/lti-platform-pages.ts';
import { servePlatformRoster } from '../server/test/lti-platform-roster.ts';
import { ownPort } from './e2e-server.ts';
import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { expect, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { tabTo } from './keyboard.ts';
import { OwnServer } from './own-server.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';
import { signIn } from './tutor.ts';

const ADMIN = 'lti-admin@example.test';
const PASSWORD = 'correct-horse-battery';

test('LTI 1.3: dynamic registration, deep linking, a learner’s launch taken offline part way, the teacher’s monitor', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Zalik behind a proxy the test can cut, at a localhost address: another site than the platform's.
  const proxy = new FlakyProxy(ownPort(11), ownPort(12));
  const zalik = `http://localhost:${ownPort(11)}`;
  const server = new OwnServer(ownPort(12), { PUBLIC_URL: zalik, LTI_ADMINS: ADMIN });
  const platform = await TestPlatform.start();
  await server.start();
  await proxy.start();
  servePlatformPages(platform, `${zalik}/v1/lti/login`, `${zalik}/v1/lti/launch`);
  const received = serveDeepLinkReturn(platform, `${zalik}/v1/lti/jwks`);
  const toolKeys = createRemoteJWKSet(new URL(`${zalik}/v1/lti/jwks`));
  const grades = servePlatformGrades(platform, async () => toolKeys);
  const learnerRole = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
  const roster = servePlatformRoster(platform, [
    { user_id: 'learner-42', name: 'Olena Koval', roles: [learnerRole] },
    { user_id: 'learner-43', name: 'Petro Shevchenko', roles: [learnerRole] },
  ]);
  const stored = (sql: string, ...values: unknown[]) => {
    const db = new Database(join(server.dataDir, 'zalik.sqlite'), { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).get(...values) as Record<string, unknown> | undefined;
    } finally {
      db.close();
    }
  };
  try {
    // The administrator LTI_ADMINS names signs in and makes a one-use registration address on the page.
    const adminContext = await browser.newContext({ locale: 'en-US' });
    const registered = await adminContext.request.post(`${zalik}/v1/auth/register`, {
      data: {
        accept_policy: 1,
        email: ADMIN,
        firstname: 'Iryna',
        lastname: 'Admin',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        role: 'tutor',
      },
    });
    expect(registered.status()).toBe(201);
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN, zalik);
    await admin.goto(`${zalik}/en/account`);
    await admin.getByRole('link', { name: 'Learning platforms (LTI)' }).click();
    await expect(admin.getByRole('heading', { name: 'Learning platforms (LTI)', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Make a registration address' }).click();
    const link = (await admin.getByTestId('registration-link').locator('code').textContent()) as string;
    expect(link).toMatch(new RegExp(`^${zalik}/lti\\?register=[\\w-]{43}$`));

    // 1. The platform opens it in a frame of its page: Zalik registers itself, says so, and tells the platform.
    await admin.goto(`${platform.origin}/tool-registration?url=${encodeURIComponent(link)}`);
    const frame = admin.frameLocator('iframe[title="Tool registration"]');
    await expect(frame.getByRole('status')).toContainText('Zalik is registered with test-platform', {
      timeout: 20_000,
    });
    await expect(admin.locator('#state')).toHaveText('Registration window closed');
    expect(platform.registrations.at(-1)?.authorization).toBe(`Bearer ${platform.registrationToken}`);
    // The registration is listed; a second platform is registered by hand, by keyboard, and turned off.
    await admin.goto(`${zalik}/en/lti?platforms`);
    await expect(admin.getByTestId('platform-row')).toHaveCount(1);
    const typed: [string, string][] = [
      ['Name (as your school knows it)', 'District Moodle'],
      ['Issuer (platform ID)', 'https://moodle.district.example'],
      ['Client ID', 'abc123'],
      ['Authentication request URL', 'https://moodle.district.example/mod/lti/auth.php'],
      ['Access token URL', 'https://moodle.district.example/mod/lti/token.php'],
      ['Public keyset URL', 'https://moodle.district.example/mod/lti/certs.php'],
      ['Deployment IDs', '3'],
    ];
    for (const [label, value] of typed) await admin.getByLabel(label, { exact: true }).pressSequentially(value);
    await tabTo(admin, 'Register the platform');
    await admin.keyboard.press('Enter');
    await expect(admin.getByTestId('platform-row')).toHaveCount(2);
    await admin.getByRole('button', { name: 'Turn off District Moodle' }).focus();
    await admin.keyboard.press('Enter');
    await expect(admin.getByRole('button', { name: 'Turn on District Moodle' })).toBeVisible();
    // The platforms page and a refused launch's page (which says why, as a page anyone can read), in
    // every language at every width and text size; English last, as the journey goes on in it.
    const token = await admin.evaluate(() => JSON.parse(localStorage.getItem('zalik:auth') ?? '{}').token as string);
    for (const locale of ['uk', 'ru', 'pl', 'en'] as const) {
      const changed = await adminContext.request.patch(`${zalik}/v1/auth/session`, {
        headers: { authorization: `Bearer ${token}` },
        data: { locale },
      });
      expect(changed.status()).toBe(200);
      await admin.goto(`${zalik}/${locale}/lti?platforms`);
      await expect(admin.getByTestId('platform-row')).toHaveCount(2);
      await expectAccessibleAtEveryWidth(admin, `${locale} the platforms page`);
      await admin.goto(`${zalik}/${locale}/lti?refused=cookies`);
      await expect(admin.getByRole('alert')).toBeVisible();
      await expectAccessibleAtEveryWidth(admin, `${locale} a refused launch`);
    }
    await expect(admin.getByRole('alert')).toContainText('Your browser did not keep the sign-in');

    // 2. A teacher adds an activity: their launch lands at the choice of a test for the course.
    platform.expect('teacher', (nonce) => platform.deepLinkingClaims(nonce, Date.now()));
    const teacherContext = await browser.newContext({ locale: 'en-US' });
    const teacher = await teacherContext.newPage();
    await teacher.goto(`${platform.origin}/start?hint=teacher`);
    await expect(teacher).toHaveURL(new RegExp(`^${zalik}/en/lti\\?deep-link=[0-9a-f-]{36}$`));
    await expect(teacher.getByRole('heading', { name: 'Add a Zalik test to your course' })).toBeVisible();
    await expect(teacher.getByText('For the course “Geography 9B” on test-platform')).toBeVisible();
    await expect(teacher.getByText('Only a published test can be given')).toBeVisible();
    // Their account is new: a test made and published through the API with the page's own sign-in.
    const teacherAuth = {
      authorization: `Bearer ${await teacher.evaluate(() => JSON.parse(localStorage.getItem('zalik:auth') ?? '{}').token)}`,
    };
    // The choice of a test to add, in every language at every width and text size; English last.
    const deepLink = new URL(teacher.url()).searchParams.get('deep-link');
    for (const locale of ['uk', 'ru', 'pl', 'en'] as const) {
      const changed = await teacher.request.patch(`${zalik}/v1/auth/session`, {
        headers: teacherAuth,
        data: { locale },
      });
      expect(changed.status()).toBe(200);
      await teacher.goto(`${zalik}/${locale}/lti?deep-link=${deepLink}`);
      await expect(teacher.locator('html')).toHaveAttribute('lang', new RegExp(`^${locale}`));
      await expect(teacher.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessibleAtEveryWidth(teacher, `${locale} the choice of a test to add`);
    }
    await expect(teacher.getByRole('heading', { name: 'Add a Zalik test to your course' })).toBeVisible();
    const made = await teacher.request.post(`${zalik}/v1/tutor/tests`, {
      headers: teacherAuth,
      data: { draft: completeDraft() },
    });
    const testId = (await made.json()).data.id as string;
    expect(
      (
        await teacher.request.post(`${zalik}/v1/tutor/tests/${testId}/publish`, { headers: teacherAuth, data: {} })
      ).status(),
    ).toBe(200);
    await teacher.reload();
    await expect(teacher.getByLabel('Test', { exact: true })).toHaveValue(testId);
    await teacher.getByRole('button', { name: 'Add to the course' }).click();
    // The signed answer went back to the platform, which checked it and shows the activity added.
    await expect(teacher.getByRole('heading', { name: 'Added: Fractions' })).toBeVisible();
    const item = received.at(-1);
    expect(item).toMatchObject({ type: 'ltiResourceLink', title: 'Fractions', url: `${zalik}/v1/lti/launch` });
    expect(item?.lineItem).toMatchObject({ scoreMaximum: 5, label: 'Fractions' });
    const assignmentId = item?.custom?.zalik_assignment as string;

    // 3. A learner launches it: an account of their own, in the assignment, signed in.
    platform.expect('learner', (nonce) => ({
      ...platform.launchClaims(nonce, Date.now()),
      [`${LTI}target_link_uri`]: `${zalik}/v1/lti/launch`,
      [`${LTI}custom`]: item?.custom,
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitem: grades.lineitem(1),
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: roster.url,
        service_versions: ['2.0'],
      },
    }));
    const learnerContext = await browser.newContext({ locale: 'en-US' });
    const learner = await learnerContext.newPage();
    await learner.goto(`${platform.origin}/start?hint=learner`);
    await expect(learner).toHaveURL(new RegExp(`^${zalik}/en/a/[0-9A-Za-z]{8}$`));
    await expect(learner.getByText('You take it as Olena Koval.')).toBeVisible();
    await waitForServiceWorker(learner);
    await learner.getByRole('button', { name: 'Start test' }).click();
    await expect(learner.locator('[data-question]')).toHaveCount(4);
    await waitForStoredBlocks(learner);
    await learner.getByRole('radio', { name: '4', exact: true }).check();
    await expect
      .poll(
        () =>
          stored(
            `select count(*) as n from answers a join online_sessions s on s.uuid = a.session_uuid where s.assignment_id = ?`,
            assignmentId,
          )?.n,
      )
      .toBe(1);
    // The connection is cut part way: the next answers wait on the device.
    await proxy.down();
    await learnerContext.setOffline(true);
    await learner.getByRole('checkbox', { name: '2/4' }).check();
    await learner.getByRole('checkbox', { name: '3/6' }).check();
    await learner.getByRole('textbox').first().pressSequentially('half');
    await learner.waitForTimeout(1500);
    const offline = stored(
      `select count(distinct a.question_id) as n from answers a join online_sessions s on s.uuid = a.session_uuid where s.assignment_id = ?`,
      assignmentId,
    );
    expect(offline?.n).toBe(1);
    await proxy.start();
    await learnerContext.setOffline(false);
    // The platform is down when the score is made: it waits in Zalik's queue.
    grades.down = true;
    await learner.getByRole('button', { name: 'Finish test' }).click();
    await learner.getByRole('button', { name: 'Yes, finish' }).click();
    await expect(learner.getByRole('dialog', { name: 'Test finished' })).toBeVisible({ timeout: 30_000 });
    const sessionOf = () =>
      stored(
        `select s.score, s.status, u.firstname, u.email_key from online_sessions s join users u on u.id = s.user_id where s.assignment_id = ?`,
        assignmentId,
      );
    await expect.poll(() => sessionOf()?.status, { timeout: 30_000 }).toBe('finished');
    const session = sessionOf();
    expect(session).toMatchObject({ score: 4, firstname: 'Olena' });
    expect(String(session?.email_key)).toMatch(/^lti:/);
    // Tried while the platform is down (instead of a fixed 6 s that only likely held a try): no score reached it.
    await expect
      .poll(() => stored(`select attempts from lti_scores where assignment_id = ?`, assignmentId)?.attempts, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
    expect(grades.scores).toEqual([]);
    expect(stored(`select state from lti_scores where assignment_id = ?`, assignmentId)?.state).toBe('waiting');
    grades.down = false;
    await expect.poll(() => grades.scores.length, { timeout: 45_000 }).toBe(1);
    expect(grades.scores[0]).toMatchObject({
      userId: 'learner-42',
      scoreGiven: 4,
      scoreMaximum: 5,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      lineitem: grades.lineitem(1),
    });

    // 4. Another learner's platform shows the activity inside its page: the launch works in the frame
    // (its cookie is partitioned), and Zalik opens in a window of its own, signed in there.
    platform.expect('framed', (nonce) => ({
      ...platform.launchClaims(nonce, Date.now()),
      sub: 'learner-43',
      name: 'Petro Shevchenko',
      given_name: 'Petro',
      family_name: 'Shevchenko',
      [`${LTI}target_link_uri`]: `${zalik}/v1/lti/launch`,
      [`${LTI}custom`]: item?.custom,
    }));
    const framedContext = await browser.newContext({ locale: 'en-US' });
    const course = await framedContext.newPage();
    await course.goto(`${platform.origin}/embed?hint=framed`);
    const activity = course.frameLocator('iframe[title="Activity"]');
    const opened = framedContext.waitForEvent('page');
    await activity.getByRole('link', { name: 'Open Zalik' }).click();
    const own = await opened;
    await expect(own).toHaveURL(new RegExp(`^${zalik}/en/a/[0-9A-Za-z]{8}$`));
    await expect(own.getByText('You take it as Petro Shevchenko.')).toBeVisible();

    // 5. The teacher's launch of the activity lands in its monitor, with the learner in it.
    platform.expect('teacher-again', (nonce) => ({
      ...platform.launchClaims(nonce, Date.now()),
      sub: 'teacher-7',
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [`${LTI}target_link_uri`]: `${zalik}/v1/lti/launch`,
      [`${LTI}custom`]: item?.custom,
    }));
    await teacher.goto(`${platform.origin}/start?hint=teacher-again`);
    await expect(teacher).toHaveURL(`${zalik}/en/tutor/assignments/${assignmentId}`);
    await expect(teacher.getByRole('table').getByText('Olena Koval')).toBeVisible();
    // The course's roster beside it: who of the course has not started.
    const courseRoster = teacher.getByTestId('course-roster');
    await expect(courseRoster.getByRole('heading')).toHaveText('Not started yet: 1 of 2 in the course');
    await expect(courseRoster.getByRole('listitem')).toHaveText(['Petro Shevchenko']);
    await teacher.goto(`${zalik}/en/tutor/assignments/${assignmentId}/results`);
    await expect(teacher.getByTestId('grade-delivery')).toHaveText('Sent');
    expect(grades.scores).toHaveLength(1);
  } finally {
    await proxy.down();
    await server.stop();
    await platform.close();
  }
});
