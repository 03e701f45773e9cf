require_relative "model"

module Shop
  # A customer with an email address.
  class User < Model
    ROLE = :customer

    def initialize(id, email:)
      super(id, email)
      @email = email
    end

    def save
      audit("saving #{email}")
      result = super
      self.name = email.downcase
      result
    end

    def email
      @email || User.default_email
    end

    def self.default_email
      "nobody@example.com"
    end
  end

  # Reopened: every model can describe itself.
  class Model
    def describe
      [name, key, Shop::VERSION].join(" ")
    end
  end
end
