/**
 * Types of the two sm-crypto modules @mp/protocol imports by path (crypto.ts): SM3 and SM4 only, so the
 * SM2 code (and its big-integer library) never reaches a bundle (issue 17).
 */
declare module 'sm-crypto/src/sm3/index.js' {
  /** Lowercase hex SM3 digest of a UTF-8 string or of bytes. */
  const sm3: (input: string | ArrayLike<number>) => string;
  export default sm3;
}

declare module 'sm-crypto/src/sm4/index.js' {
  interface Sm4Options {
    padding?: 'pkcs#7' | 'pkcs#5' | 'none';
    mode?: 'ecb' | 'cbc';
    iv?: ArrayLike<number> | string;
    output: 'array';
  }
  /** SM4 with a 16-byte key; `output: 'array'` returns the bytes as numbers. */
  const sm4: {
    encrypt(input: ArrayLike<number>, key: ArrayLike<number>, options: Sm4Options): number[];
    decrypt(input: ArrayLike<number>, key: ArrayLike<number>, options: Sm4Options): number[];
  };
  export default sm4;
}
