'use strict';
module.exports = require('./build/Release/addon.node');
