// The shared form rules as the sign-up island runs them, without a server.
import { describe, expect, it } from 'vitest';
import { contactParams } from '../../../src/shared/schemas/contact.ts';
import { ageOn, latestBirthday, registerPlayerForm, updateProfileParams } from '../../../src/shared/schemas/player.ts';
import { signUpForm } from './helpers.ts';

describe('shared form rules', () => {
  it('counts age in whole years, birthdays included', () => {
    const today = new Date(Date.UTC(2026, 5, 15));
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(ageOn('2008-02-30', today)).toBeUndefined();
    expect(ageOn('15.06.2008', today)).toBeUndefined();
  });

  it('offers the sign-up picker a latest birthday that is exactly 18 years back, leap days included', () => {
    expect(latestBirthday(new Date(Date.UTC(2026, 5, 15)))).toBe('2008-06-15');
    expect(latestBirthday(new Date(Date.UTC(2028, 1, 29)))).toBe('2010-02-28');
  });

  it('fills the defaults SPEC names and rebuilds the phone number', () => {
    const { gender, interface_local, notify_newletter, ...rest } = signUpForm();
    const parsed = registerPlayerForm.parse(rest);
    expect(parsed).toMatchObject({ gender: 'male', interface_local: 'en', notify_newletter: false, phone_number: '+4915112345678', promo_code: null });
  });

  it('reports every problem at once, cross-field rules included', () => {
    const result = registerPlayerForm.safeParse(signUpForm({ email: 'x', confirmPassword: 'other', countryPhone: '+1', phone_number1: '123' }));
    expect(result.success).toBe(false);
    const keys = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(keys).toEqual({ email: 'email_validation', confirmPassword: 'confirm_password_validation', phone_number1: 'phone_number_length_check' });
  });

  it('survives bodies that are not objects', () => {
    for (const body of [null, [], 'text', 42]) {
      expect(registerPlayerForm.safeParse(body).success).toBe(false);
      expect(updateProfileParams.safeParse(body).success).toBe(false);
      expect(contactParams.safeParse(body).success).toBe(false);
    }
  });

  it('keeps only whitelisted profile fields', () => {
    expect(updateProfileParams.parse({ city: 'Oslo', email: 'x@y.z', real_balance: 5, scope: ['admin'] })).toEqual({ city: 'Oslo' });
  });
});
