import * as lti from '../../../contract/endpoints/lti.ts';
import type { PlatformChange, PlatformForm } from '../../../contract/lti.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

export const usePlatforms = () => useRead('lti-platforms', [], () => api(lti.ltiPlatforms), { who: 'tutor' });
export const addPlatform = (body: PlatformForm) => api(lti.ltiAddPlatform, { body });
export const changePlatform = (id: string, body: PlatformChange) =>
  api(lti.ltiChangePlatform, { params: { id }, body });
export const newRegistrationLink = () => api(lti.ltiRegistrationLink, { body: {} });
