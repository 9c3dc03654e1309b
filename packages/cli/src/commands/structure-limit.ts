/**
 * Above this many branches `structure` writes the derivation (an equation per branch: 70 MB of the 158 MB of a
 * 10^5-branch JSON, and most of its time) only on request (--derivation), and says so.
 */
export const DERIVATION_LIMIT = 2000;
