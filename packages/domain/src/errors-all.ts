import { registerErrorMessages } from './errors.ts';
import { fil } from './errors-fil.ts';
import { zh } from './errors-zh.ts';

/** Every language's error messages registered (the server, and whoever imports the domain's index). */
registerErrorMessages('fil', fil);
registerErrorMessages('zh-CN', zh);
