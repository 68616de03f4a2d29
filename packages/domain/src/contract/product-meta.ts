// What the contract model needs to know about each product generation. The product catalogues
// (products/<product>/catalogue.ts) own names, variants and tariffs; this table only maps the
// summary product (key + generation) to the spec's classification codes.
import type {
  ContractTypeCode,
  ProductKey,
  ProductTypeName,
  SummaryProdukt,
  Vertragsart,
} from '../products/enums';

/** Classification of one product generation. */
export interface ContractProductMeta {
  produktKey: ContractProductKey;
  versicherungsTyp: ProductTypeName;
  /** Contract-type code (customer view `vertragsArt`). */
  vertragsArtCode: ContractTypeCode;
  /** GEWERBE or PRIVAT (summary `vertragsart`). */
  vertragsart: Vertragsart;
}

/** Product keys that contracts exist for: every product (KFZ since the motor application, issue 13 part 8). */
export type ContractProductKey = ProductKey;

/** Classification per product generation (SI_MEHRGEFAHREN shares the SI contract-type code). */
export const CONTRACT_PRODUCT_META: Record<SummaryProdukt, ContractProductMeta> = {
  VH: { produktKey: 'VH', versicherungsTyp: 'VH', vertragsArtCode: 'VH', vertragsart: 'GEWERBE' },
  VH_2: { produktKey: 'VH', versicherungsTyp: 'VH', vertragsArtCode: 'VH', vertragsart: 'GEWERBE' },
  SI_ALLGEFAHREN: {
    produktKey: 'SI_ALLGEFAHREN',
    versicherungsTyp: 'SI',
    vertragsArtCode: 'SI_ALLGEFAHREN',
    vertragsart: 'GEWERBE',
  },
  SI_MEHRGEFAHREN: {
    produktKey: 'SI_MEHRGEFAHREN',
    versicherungsTyp: 'SI',
    vertragsArtCode: 'SI_ALLGEFAHREN',
    vertragsart: 'GEWERBE',
  },
  REISE: { produktKey: 'REISE', versicherungsTyp: 'REISE', vertragsArtCode: 'REISE', vertragsart: 'PRIVAT' },
  HAUSRAT: {
    produktKey: 'HAUSRAT',
    versicherungsTyp: 'HAUSRAT',
    vertragsArtCode: 'HRV',
    vertragsart: 'PRIVAT',
  },
  FAHRRAD: {
    produktKey: 'FAHRRAD',
    versicherungsTyp: 'FAHRRAD',
    vertragsArtCode: 'FAHRRAD',
    vertragsart: 'PRIVAT',
  },
  FAHRRAD_2: {
    produktKey: 'FAHRRAD',
    versicherungsTyp: 'FAHRRAD',
    vertragsArtCode: 'FAHRRAD',
    vertragsart: 'PRIVAT',
  },
  PRIVATHAFTPFLICHT: {
    produktKey: 'PRIVATHAFTPFLICHT',
    versicherungsTyp: 'PRIVATHAFTPFLICHT',
    vertragsArtCode: 'PHV',
    vertragsart: 'PRIVAT',
  },
  TIERHALTERHAFTPFLICHT: {
    produktKey: 'TIERHALTERHAFTPFLICHT',
    versicherungsTyp: 'TIERHALTER',
    vertragsArtCode: 'THV',
    vertragsart: 'PRIVAT',
  },
  BHV_1: { produktKey: 'BHV', versicherungsTyp: 'BHV', vertragsArtCode: 'BHV', vertragsart: 'GEWERBE' },
  BHV_2: { produktKey: 'BHV', versicherungsTyp: 'BHV', vertragsArtCode: 'BHV', vertragsart: 'GEWERBE' },
  KFZ: { produktKey: 'KFZ', versicherungsTyp: 'KFZ', vertragsArtCode: 'KFZ', vertragsart: 'PRIVAT' },
};

/** The product key (without generation) of a summary product. */
export function productKeyOf(produkt: SummaryProdukt): ContractProductKey {
  return CONTRACT_PRODUCT_META[produkt].produktKey;
}
