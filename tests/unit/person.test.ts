import { describe, expect, it } from 'vitest';
import { mailboxOf, type PersonDetails, personMarks } from '../../src/server/auth/person.ts';

const erika: PersonDetails = {
  email: 'erika@mail.test',
  phoneNumber: '+4915112345678',
  firstName: 'Erika',
  lastName: 'Müller',
  birthday: '1990-05-17',
  ipAddress: '203.0.113.9',
};

describe('recognising a person for "once per person"', () => {
  it.each([
    ['Erika.Mustermann@GMAIL.com', 'erikamustermann@gmail.com'],
    ['erika.mustermann+casino@googlemail.com', 'erikamustermann@gmail.com'],
    ['Erika+tenfree@Mail.Test', 'erika@mail.test'],
    ['erika.m@mail.test', 'erika.m@mail.test'],
  ])('reads %s as the mailbox %s', (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it('gives the same marks to the same details written differently', () => {
    const same = personMarks({ ...erika, email: 'ERIKA+2@mail.test', phoneNumber: '+49 151 1234 5678', firstName: ' MULLER', lastName: 'erika' });
    expect(same).toEqual(personMarks(erika));
  });

  it('gives different marks to a different person, and keeps the registration address apart', () => {
    const other = personMarks({ ...erika, email: 'hans@mail.test', phoneNumber: '+4917000000000', firstName: 'Hans' });
    const own = personMarks(erika);
    for (const mark of other.details) expect(own.details).not.toContain(mark);
    expect(other.address).toBe(own.address);
    expect(own.details.some((m) => m.includes('203.0.113.9') || m.includes('erika'))).toBe(false);
  });
});
