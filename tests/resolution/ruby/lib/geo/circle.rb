require_relative "shape"
require_relative "point"

module Geo
  class Circle < Shape
    #            ^ defined: lib/geo/shape.rb:8
    def initialize(radius)
      @radius = radius
      @center = Point.new(0, 0)
      #               ^ defined: lib/geo/point.rb:5
    end

    def area
      # ^ overrides: lib/geo/shape.rb:18
      3.14 * @radius * @radius
    end

    def name
      # ^ overrides: lib/geo/shape.rb:14
      super + " circle"
     #^ defined: lib/geo/shape.rb:14
    end

    def center_dist(other)
      @center.dist(other)
      #       ^ defined: lib/geo/point.rb:10
    end

    def origin
      ORIGIN
     #^ defined: lib/geo/shape.rb:12
    end
  end
end
