// The part of the domain a data feed needs at run time, without the validation library: the credential
// formats and the verification protocol (`@datafeeds/domain/credentials`).
export * from './credential-format.ts';
export * from './verification.ts';
