import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LAUNCH_REFUSALS, type LaunchRefusal } from '../../../contract/lti.ts';

export const isLaunchRefusal = (value: string | null): value is LaunchRefusal =>
  (LAUNCH_REFUSALS as readonly (string | null)[]).includes(value);

/** What the LTI page says for each refusal the server sends the browser with: what happened, what to do. */
export function refusalText(i18n: I18n, refusal: LaunchRefusal): string {
  const texts: Record<LaunchRefusal, ReturnType<typeof msg>> = {
    unknownPlatform: msg`Your learning platform is not registered with Zalik, or its registration is turned off. Ask whoever runs Zalik at your school to register it.`,
    target: msg`The link from your learning platform points somewhere other than Zalik. Ask your school’s administrator to check the activity’s settings.`,
    targetChanged: msg`This launch does not lead where your learning platform’s sign-in said it would, so Zalik did not open it. Open the activity again from your course; if this keeps happening, tell your school’s administrator.`,
    cookies: msg`Your browser did not keep the sign-in from your learning platform. Open the activity again; if this keeps happening, allow cookies for this site or open the activity in a new window.`,
    expired: msg`This launch was used already or took too long. Open the activity again from your course.`,
    platform: msg`Your learning platform did not finish signing you in. Sign in to your platform again, then open the activity.`,
    token: msg`Zalik could not verify that this launch came from your learning platform. Open the activity again; if it keeps failing, tell your school’s administrator.`,
    role: msg`Your role in this course does not match your Zalik account: a learner’s account cannot open a teacher’s pages, nor the reverse.`,
    link: msg`This activity is not linked to a Zalik test. Ask your teacher to add the test to the course again.`,
    notOwner: msg`Another teacher added this activity: its monitor and results are theirs in Zalik.`,
    malformed: msg`The request from your learning platform was not complete. Open the activity again from your course.`,
    busy: msg`Too many launches at once. Wait a minute, then open the activity again.`,
  };
  return i18n._(texts[refusal]);
}
