import { describe, expect, it } from 'vitest';
import { checkRegistration, type RegistrationCatalog } from '../../src/lib/forms/check-registration.ts';

const catalog: RegistrationCatalog = {
  terms: new Map([
    ['2026-fall', { name: 'Fall 2026', registrationOpen: false }],
    ['2027-spring', { name: 'Spring 2027', registrationOpen: true }],
  ]),
  courses: new Map([
    ['BIB201', { title: 'Biblical Greek I', terms: ['2027-spring'] }],
    ['THE310', { title: 'Christology', terms: ['2026-fall'] }],
  ]),
};

describe('checkRegistration', () => {
  it('accepts offered courses in an open term', () => {
    expect(checkRegistration({ term: '2027-spring', courses: [{ code: 'BIB201' }] }, catalog)).toEqual([]);
  });

  it('points at each unknown or not-offered course by index', () => {
    const issues = checkRegistration(
      { term: '2027-spring', courses: [{ code: 'BIB201' }, { code: 'THE310' }, { code: 'XYZ999' }] },
      catalog,
    );
    expect(issues.map((i) => i.path)).toEqual(['courses.1.code', 'courses.2.code']);
    expect(issues[0]!.message).toContain('not offered in Spring 2027');
    expect(issues[1]!.message).toContain('no course XYZ999');
  });

  it('says when a term is closed or unknown, and which are open', () => {
    const closed = checkRegistration({ term: '2026-fall', courses: [{ code: 'THE310' }] }, catalog);
    expect(closed).toEqual([{ path: 'term', message: expect.stringMatching(/Fall 2026.*not open.*2027-spring/) }]);
    const unknown = checkRegistration({ term: '2031-fall', courses: [{ code: 'BIB201' }] }, catalog);
    expect(unknown[0]).toMatchObject({ path: 'term', message: expect.stringContaining('no term "2031-fall"') });
  });
});
