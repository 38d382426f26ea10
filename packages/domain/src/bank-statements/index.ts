export * from './bank-statement';
export * from './cfonb120';
