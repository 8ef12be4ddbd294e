/** The signed-in dealer (spec 1 §7): name, product line, locations; the welcome disclaimer and the contact directory. */
import { Type, type Static } from '@sinclair/typebox';
import { Dictionary, NullableString, StringEnum } from './schema-helpers';

/** The two product lines a dealer can have (spec 1 §1). */
export const productLines = ['SUNROOMS', 'PATIO COVERS'] as const;
export type ProductLine = (typeof productLines)[number];

export const DealerNameAnswer = Type.Object({ dealerName: Type.String() });
export type DealerNameAnswer = Static<typeof DealerNameAnswer>;
export const ProductLineAnswer = Type.Object({ theProduct: StringEnum(productLines) });
export type ProductLineAnswer = Static<typeof ProductLineAnswer>;
/** Location id -> location name. */
export const DealerLocations = Dictionary(Type.String());
export type DealerLocations = Static<typeof DealerLocations>;

/** GET /api/SpareParts/PortalDisclaimer: the first item's manufacturingComment is the welcome page's disclaimer. */
export const PortalDisclaimerAnswer = Type.Object({
  spareParts: Type.Array(Type.Object({ manufacturingComment: Type.String() })),
});
export type PortalDisclaimerAnswer = Static<typeof PortalDisclaimerAnswer>;

export const Contact = Type.Object({
  name: Type.String(),
  title: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  phoneLabel: Type.Optional(Type.String()),
});
export type Contact = Static<typeof Contact>;
/** A run of contacts: a region of Regional Consultants, or the whole of another section (name null). */
export const ContactGroup = Type.Object({ name: NullableString(), contacts: Type.Array(Contact) });
export type ContactGroup = Static<typeof ContactGroup>;
export const ContactSection = Type.Object({ name: Type.String(), groups: Type.Array(ContactGroup) });
export type ContactSection = Static<typeof ContactSection>;
/** GET /api/ContactList: the manufacturer's contact directory. */
export const ContactListAnswer = Type.Object({ sections: Type.Array(ContactSection) });
export type ContactListAnswer = Static<typeof ContactListAnswer>;
