function slug(text) {
  return text.toLowerCase();
}

module.exports = { slug };
