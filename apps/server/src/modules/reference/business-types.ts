// Business types (Gewerbearten) of all products that rate by trade, and their risk questions.
// Each product keeps its own list in packages/domain; ids are unique across lists.
import type { ProductKey } from '@schirm/domain/products/enums';
import {
  BHV_BUSINESS_TYPES,
  NOT_ONLINE_HAZARD_CLASS,
  type BusinessType,
  type RiskAnswerType,
} from '@schirm/domain/products/bhv/business-types';
import { SI_BUSINESS_TYPES } from '@schirm/domain/products/si/business-types';
import { VH_PROFESSIONS } from '@schirm/domain/products/vh/professions';
import { FINDER_LIMIT } from './finders';
import { rankByPattern } from './search-text';

const BUSINESS_TYPE_LISTS: readonly (readonly BusinessType[])[] = [
  BHV_BUSINESS_TYPES,
  VH_PROFESSIONS,
  SI_BUSINESS_TYPES,
];

const ALL_BUSINESS_TYPES: readonly BusinessType[] = BUSINESS_TYPE_LISTS.flat();
const BY_ID = new Map(ALL_BUSINESS_TYPES.map((type) => [type.id, type]));

export interface BusinessTypeHit {
  id: string;
  name: string;
  products: ProductKey[];
  /** 1 (office-like) to 4; NOT_ONLINE_HAZARD_CLASS for trades underwritten only individually. */
  hazardClass: number;
  insurableOnline: boolean;
  hasRiskQuestions: boolean;
}

export interface RiskQuestionView {
  id: string;
  text: string;
  answerType: RiskAnswerType;
}

/** Every business type of every product, in list order. */
export function allBusinessTypes(): readonly BusinessType[] {
  return ALL_BUSINESS_TYPES;
}

/** The business type with this id, or undefined. */
export function businessTypeById(id: string): BusinessType | undefined {
  return BY_ID.get(id);
}

/** Business types of a product whose name contains the pattern (umlaut-tolerant), prefix matches first. */
export function findBusinessTypes({
  produkt,
  pattern,
}: {
  produkt: ProductKey;
  pattern: string;
}): BusinessTypeHit[] {
  const ofProduct = ALL_BUSINESS_TYPES.filter((type) => type.products.includes(produkt));
  return rankByPattern(ofProduct, (type) => type.name, pattern, FINDER_LIMIT).map((type) => ({
    id: type.id,
    name: type.name,
    products: [...type.products],
    hazardClass: type.hazardClass,
    insurableOnline: type.hazardClass < NOT_ONLINE_HAZARD_CLASS,
    hasRiskQuestions: type.riskQuestions.length > 0,
  }));
}

/**
 * The risk questions of a business type, without the knock-out answer: which answer refuses a
 * risk is decided by the tariff on the server, not announced to the form.
 */
export function riskQuestionsOf(type: BusinessType): RiskQuestionView[] {
  return type.riskQuestions.map(({ id, text, answerType }) => ({ id, text, answerType }));
}

/** Whether the form shows a risk-question step for this business type: it has questions to ask. */
export function hasShowableRiskQuestions(type: BusinessType): boolean {
  return type.riskQuestions.length > 0;
}
