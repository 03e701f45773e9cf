module Geo
  module Describable
    def describe
      "a shape"
    end
  end

  class Shape
    include Describable
    #       ^ defined: lib/geo/shape.rb:2

    ORIGIN = 0

    def name
      "shape"
    end

    def area
      0
    end

    def self.build
      new
    end
  end
end
