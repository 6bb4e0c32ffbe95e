'use strict';
module.exports.loadRules = () => ({
  registries: ['https://registry.npmjs.org/', 'https://registry.yarnpkg.com/'],
});
