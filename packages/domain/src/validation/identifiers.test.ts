import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  IDENTIFIER_MESSAGES,
  bicSchema,
  blzSchema,
  contractIdSchema,
  hausnummerSchema,
  ihkNumberSchema,
  isContractId,
  normalizeContractId,
  versicherungsNummerSchema,
  vermittlerNummerSchema,
} from './identifiers';

function expectValid(schema: z.ZodType, value: string, parsed: string) {
  expect(schema.safeParse(value)).toEqual({ success: true, data: parsed });
}

function expectInvalid(schema: z.ZodType, value: string, message: string) {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
}

describe('IHK number', () => {
  it.each([
    ['D-HMF3-K2G3T-51', 'D-HMF3-K2G3T-51'],
    ['d-4xns-o4qqp-76', 'D-4XNS-O4QQP-76'],
    [' D-1234-12345-00 ', 'D-1234-12345-00'],
  ])('accepts %j', (value, parsed) => expectValid(ihkNumberSchema, value, parsed));

  it.each([
    ['D-HMF-K2G3T-51'],
    ['D-HMF3X-K2G3T-51'],
    ['D-HMF3-K2G3-51'],
    ['D-HMF3-K2G3T-5A'],
    ['A-HMF3-K2G3T-51'],
    ['DHMF3K2G3T51'],
    ['D-HMF3-K2G3T-511'],
  ])('rejects %j', (value) => expectInvalid(ihkNumberSchema, value, IDENTIFIER_MESSAGES.ihkNumber));
});

describe('BIC', () => {
  it.each([
    ['COBADEFFXXX', 'COBADEFFXXX'],
    ['deutdeff', 'DEUTDEFF'],
    ['MARKDEF1100', 'MARKDEF1100'],
  ])('accepts %j', (value, parsed) => expectValid(bicSchema, value, parsed));

  it.each([['COBADEF'], ['COBADEFFX'], ['COBADEFFXX'], ['COBADEFFXXXX'], ['COBA-DEFF']])(
    'rejects %j',
    (value) => expectInvalid(bicSchema, value, IDENTIFIER_MESSAGES.bic),
  );
});

describe('digit identifiers', () => {
  it.each([
    [versicherungsNummerSchema, '123456789'],
    [versicherungsNummerSchema, '1234567890'],
    [blzSchema, '37040044'],
    [vermittlerNummerSchema, '0123456789'],
  ])('accepts %#: %j', (schema, value) => expectValid(schema, value, value));

  it.each([
    [versicherungsNummerSchema, '12345678', IDENTIFIER_MESSAGES.versicherungsNummer],
    [versicherungsNummerSchema, '12345678901', IDENTIFIER_MESSAGES.versicherungsNummer],
    [versicherungsNummerSchema, '12345678a', IDENTIFIER_MESSAGES.versicherungsNummer],
    [blzSchema, '3704004', IDENTIFIER_MESSAGES.blz],
    [blzSchema, '370400440', IDENTIFIER_MESSAGES.blz],
    [blzSchema, '370 400 44', IDENTIFIER_MESSAGES.blz],
    [vermittlerNummerSchema, '123456789', IDENTIFIER_MESSAGES.vermittlerNummer],
    [vermittlerNummerSchema, '12345678901', IDENTIFIER_MESSAGES.vermittlerNummer],
  ])('rejects %#: %j', (schema, value, message) => expectInvalid(schema, value, message));
});

describe('Hausnummer', () => {
  it.each([
    ['1'],
    ['12'],
    ['12a'],
    ['12 a'],
    ['12A'],
    ['12-14'],
    ['12 - 14'],
    ['12/1'],
    ['12a-12c'],
    ['99999'],
  ])('accepts %j', (value) => expectValid(hausnummerSchema, value, value));

  it.each([
    [''],
    ['a'],
    ['0'],
    ['012'],
    ['12ab'],
    ['12-'],
    ['-12'],
    ['12--14'],
    ['12.5'],
    ['123456'],
    ['12  a'],
  ])('rejects %j', (value) => expectInvalid(hausnummerSchema, value, IDENTIFIER_MESSAGES.hausnummer));
});

describe('contract id', () => {
  it.each([
    ['201912345', '201912345'],
    ['202012345', '202012345'],
    ['202312345', '202312345'],
    ['202912345', '202912345'],
    ['VH121234567', 'VH121234567'],
    ['VH1231234567', 'VH1231234567'],
    ['VH12341234567', 'VH12341234567'],
    ['VH12-1234567', 'VH121234567'],
    ['ph1234 1234567', 'PH12341234567'],
    ['IM1231234567', 'IM1231234567'],
    ['IA12 1234567', 'IA121234567'],
    ['RR121234567', 'RR121234567'],
    ['HR121234567', 'HR121234567'],
    ['FA121234567', 'FA121234567'],
    ['TH121234567', 'TH121234567'],
    ['BH121234567', 'BH121234567'],
  ])('accepts %j as %s', (value, parsed) => {
    expect(isContractId(value)).toBe(true);
    expectValid(contractIdSchema, value, parsed);
  });

  it.each([
    ['201812345'],
    ['203012345'],
    ['20231234'],
    ['2023123456'],
    ['XX121234567'],
    ['VH11234567'],
    ['VH123451234567'],
    ['VH12-123456'],
    ['VH12--1234567'],
    ['VH-121234567'],
    ['VH 12 1234567'],
    ['2023-12345'],
  ])('rejects %j', (value) => {
    expect(isContractId(value)).toBe(false);
    expectInvalid(contractIdSchema, value, IDENTIFIER_MESSAGES.contractId);
  });

  it('normalises case and separators', () => {
    expect(normalizeContractId(' vh12-1234567 ')).toBe('VH121234567');
  });
});
