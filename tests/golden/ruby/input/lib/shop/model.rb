module Shop
  class Model
    include Persistence

    attr_reader :id
    attr_accessor :name, :price

    def initialize(id, name = nil)
      @id = id
      @name = name
    end

    class << self
      def create(*args)
        new(*args).save
      end
    end

    def to_h
      { id: id, name: name, price: format_price(price) }
    end

    def key
      "#{self.class.name}:#{id}"
    end

    private

    def audit(message)
      Shop::Persistence.reset! if message.empty?
    end

    public def touch = audit("touch")

    protected :key
  end
end
