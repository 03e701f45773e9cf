# frozen_string_literal: true

require "shop/persistence"
require "shop/model"
require_relative "shop/user"
require "json"

# The shop: users, models and their storage.
module Shop
  VERSION = "1.0"

  def self.version
    VERSION
  end
end

# Formats a price for display.
def format_price(cents)
  format("%.2f", cents / 100.0)
end
