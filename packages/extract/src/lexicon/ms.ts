/** Every word list the extractor reads in Malay (lexicon.ts says what each list is for). */
import type { Lexicon } from './lexicon';

export const ms: Lexicon = {
  summary: {
    rounding: { start: ['pelarasan'], amount: ['pelarasan'] },
    tax: { anywhere: ['cukai', 'gst@6%'], start: ['sr:gst', 'sr @', 'zr @'] },
    change: { whole: ['baki'], amount: ['baki'] },
    payment: { whole: ['kad'] },
    tendered: { whole: ['tunai'], amount: ['tunai'] },
    total: { anywhere: ['jumlah'], sure: ['jumlah(\\s*bayaran)?'] },
  },
  months: [],
  orderCues: {},
  shippingSubject: [],
  shippingSubjectExcept: [],
  senders: {},
  columnHeads: { item: [], other: [], stems: [] },
  itemHeadings: [],
  describing: [],
  references: [],
  quantityLabels: ['jumlah'],
  dateLabels: { any: ['tarikh'] },
  productCategories: {},
  documentWords: {},
  orderNumber: {},
  merchant: {
    notName: ['jalan'],
    invitation: ['terima\\s*kasih\\s*kerana\\s*membeli\\s*di'],
    connectors: ['dan'],
  },
  payee: {},
  invoiceMail: {},
  addressesReader: [],
  productLabels: {},
};
